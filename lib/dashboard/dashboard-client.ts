'use client';

import useSWR, { mutate } from 'swr';
import type { StatementMapping } from '@/lib/payments/statement';
import { call, serviceHref, staffClient } from '@/lib/service-client';
import { pageQueryParams, type PageQuery, type SubmissionStatus } from './workspace';

/**
 * The workspace's calls through the service's typed client (lib/service-client.ts, over
 * server/contract.ts's StaffRoutes): paths, parameters and answers are checked by the compiler,
 * with no casts.
 */
const api = staffClient();

const countsKey = 'workspace/counts';

const options = { shouldRetryOnError: false, revalidateOnFocus: false, keepPreviousData: true } as const;

/**
 * New items per sidebar entry (`counts`: each table, 'payments', 'builds') and the open data
 * requests (`requests`); refreshed every half minute.
 */
export function useCounts(enabled: boolean) {
  return useSWR(enabled ? countsKey : null, async () => (await call(() => api.workspace.counts.$get())).json(), {
    ...options,
    refreshInterval: 30_000,
  });
}

/** One page of a table, as the service sorts, filters and cuts it. */
export function useTablePage(form: string, query: PageQuery) {
  const params = pageQueryParams(query);
  return useSWR(
    ['rows', form, JSON.stringify(params)],
    async () => {
      const res = await call(() => api.forms[':form'].rows.$get({ param: { form }, query: params }));
      return res.json();
    },
    options,
  );
}

/** The address of the CSV of a table's whole filtered set. */
export function exportUrl(form: string, query: PageQuery): string {
  const { page: _page, ...params } = pageQueryParams(query);
  const search = new URLSearchParams(params).toString();
  return serviceHref(`/api/forms/${encodeURIComponent(form)}/export.csv${search ? `?${search}` : ''}`);
}

/** One submission with its history; undefined id fetches nothing. */
export function useSubmission(form: string, id: number | undefined) {
  return useSWR(
    id === undefined ? null : ['submission', form, id],
    async () => {
      const res = await call(() => api.forms[':form'][':id{[0-9]+}'].$get({ param: { form, id: String(id) } }));
      return res.json();
    },
    options,
  );
}

/** Changes a submission's status and/or note; resolves with it and its history. */
export async function patchSubmission(form: string, id: number, change: { status?: SubmissionStatus; note?: string }) {
  const res = await call(() =>
    api.forms[':form'][':id{[0-9]+}'].$patch({ param: { form, id: String(id) }, json: change }),
  );
  void mutate(countsKey);
  return res.json();
}

export function useClaims() {
  return useSWR('claims', async () => (await (await call(() => api.payments.claims.$get())).json()).claims, options);
}

export async function reviewClaim(id: number, status: 'verified' | 'rejected') {
  const res = await call(() =>
    api.payments.claims[':id{[0-9]+}'].$patch({ param: { id: String(id) }, json: { status } }),
  );
  void mutate(countsKey);
  return (await res.json()).claim;
}

/** Changes the signed-in staff member's password; resolves with the service's message. */
export async function changePassword(current: string, next: string): Promise<string> {
  const res = await call(() => api.auth.password.$post({ json: { current, next } }));
  return (await res.json()).message;
}

/** A statement's credits matched to claims; or, for a layout not seen before, its columns to choose from. */
export async function importStatement(csv: string, mapping?: StatementMapping) {
  const res = await call(() => api.payments.statement.$post({ json: mapping ? { csv, mapping } : { csv } }));
  return res.json();
}

/** Verifies the chosen claims in one action; resolves with how many were still pending and are now verified. */
export async function verifyClaims(ids: readonly number[]) {
  const res = await call(() => api.payments.claims.verify.$post({ json: { ids: [...ids] } }));
  void mutate(countsKey);
  void mutate('claims');
  return (await res.json()).verified;
}
