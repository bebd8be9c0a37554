'use client';

import useSWR from 'swr';
import { getJson, servicePaths } from '@/lib/service-client';
import type { BuildRecord } from '@/server/contract';
import { isRecord } from '@/lib/guards';

/** A rebuild as GET /api/builds lists it: the store's record (its folder is the server's business). */
type BuildRow = Omit<BuildRecord, 'folder'>;

const buildStatuses: readonly string[] = ['running', 'succeeded', 'failed'];
const text = (value: unknown) => typeof value === 'string';
const numberOrNull = (value: unknown) => value === null || typeof value === 'number';

const isBuild = (b: unknown): b is BuildRow =>
  isRecord(b) &&
  typeof b.id === 'number' &&
  buildStatuses.includes(String(b.status)) &&
  text(b.reason) &&
  text(b.logTail) &&
  text(b.startedAt) &&
  (b.finishedAt === null || text(b.finishedAt)) &&
  numberOrNull(b.durationMs) &&
  text(b.firstError);

type Builds = { enabled: boolean; busy: boolean; builds: BuildRow[] };
const isBuilds = (value: unknown): value is Builds =>
  isRecord(value) &&
  typeof value.enabled === 'boolean' &&
  typeof value.busy === 'boolean' &&
  Array.isArray(value.builds) &&
  value.builds.every(isBuild);

const options = { shouldRetryOnError: false, revalidateOnFocus: false } as const;

/** The last builds of the site (staff only). */
export function useBuilds(enabled: boolean) {
  return useSWR<Builds, Error>(
    enabled ? servicePaths.builds : null,
    (path: typeof servicePaths.builds) => getJson(path, isBuilds),
    {
      ...options,
      refreshInterval: (data) => (data?.busy ? 5000 : 0),
    },
  );
}

/** The newest backup file and the daily backup's last run, as GET /api/backups gives them. */
export interface Backups {
  latest: { name: string; bytes: number; at: string } | null;
  lastRun: { day: string; status: string; outcome: string } | null;
}

const isBackups = (value: unknown): value is Backups =>
  isRecord(value) &&
  (value.latest === null ||
    (isRecord(value.latest) &&
      typeof value.latest.name === 'string' &&
      typeof value.latest.bytes === 'number' &&
      typeof value.latest.at === 'string')) &&
  (value.lastRun === null ||
    (isRecord(value.lastRun) &&
      typeof value.lastRun.day === 'string' &&
      typeof value.lastRun.status === 'string' &&
      typeof value.lastRun.outcome === 'string'));

/** The database backups (staff only). */
export function useBackups() {
  return useSWR<Backups, Error>(servicePaths.backups, (path: typeof servicePaths.backups) => getJson(path, isBackups), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
}
