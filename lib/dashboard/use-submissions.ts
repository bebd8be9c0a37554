'use client';

import useSWR from 'swr';
import type { BuildRecord } from '@/server/store/store';
import { endpoints } from './endpoints';
import { fetchJson, isRecord } from './fetch-json';

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
  return useSWR<Builds, Error>(enabled ? endpoints.builds : null, (url: string) => fetchJson(url, isBuilds), {
    ...options,
    refreshInterval: (data) => (data?.busy ? 5000 : 0),
  });
}
