'use client';

import useSWR from 'swr';
import type { ProAudioRow } from '@/lib/forms/pro-audio/schema';
import { endpoints } from './endpoints';
import { fetchJson } from './fetch-json';

/** A stored inbox submission as GET /api/forms/<form> returns it. */
export interface InboxRow {
  id: number;
  form: string;
  payload: Record<string, unknown>;
  received_at: string;
}

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

/** The pro audio submissions (staff only); pass false to fetch nothing. */
export function useProAudioRows(enabled: boolean) {
  return useSWR<ProAudioRow[], Error>(enabled ? endpoints.proAudio : null, fetchJson, options);
}

/** One inbox form's submissions (staff only). */
export function useInboxRows(form: string, enabled: boolean) {
  return useSWR<InboxRow[], Error>(enabled ? endpoints.inbox(form) : null, fetchJson, options);
}

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
