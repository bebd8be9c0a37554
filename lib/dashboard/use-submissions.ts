'use client';

import useSWR from 'swr';
import { endpoints } from './endpoints';
import { fetchJson } from './fetch-json';

/** A rebuild as GET /api/builds lists it. */
export interface BuildRow {
  id: number;
  status: 'running' | 'succeeded' | 'failed';
  reason: string;
  logTail: string;
  startedAt: string;
  finishedAt: string | null;
  durationMs: number | null;
  firstError: string;
}

const options = { shouldRetryOnError: false, revalidateOnFocus: false } as const;

/** The last builds of the site (staff only). */
export function useBuilds(enabled: boolean) {
  return useSWR<{ enabled: boolean; busy: boolean; builds: BuildRow[] }, Error>(
    enabled ? endpoints.builds : null,
    fetchJson,
    {
      ...options,
      refreshInterval: (data) => (data?.busy ? 5000 : 0),
    },
  );
}
