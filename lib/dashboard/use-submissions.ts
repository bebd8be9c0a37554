'use client';

import useSWR from 'swr';
import { call, staffClient } from '@/lib/service-client';

const api = staffClient();

const options = { shouldRetryOnError: false, revalidateOnFocus: false } as const;

/** The last builds of the site (staff only). */
export function useBuilds(enabled: boolean) {
  return useSWR(enabled ? 'builds' : null, async () => (await call(() => api.builds.$get())).json(), {
    ...options,
    refreshInterval: (data) => (data?.busy ? 5000 : 0),
  });
}

/** The database backups (staff only). */
export function useBackups() {
  return useSWR('backups', async () => (await call(() => api.backups.$get())).json(), options);
}
