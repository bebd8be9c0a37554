'use client';

import useSWR from 'swr';
import { endpoints } from './endpoints';
import { fetchJson, isRecord } from './fetch-json';

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
  return useSWR<Backups, Error>(endpoints.backups, (url: string) => fetchJson(url, isBackups), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
}
