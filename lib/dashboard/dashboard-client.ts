'use client';

import { useRef } from 'react';
import useSWR, { type Key, mutate, type SWRConfiguration, unstable_serialize } from 'swr';
import type { StatementMapping } from '@/lib/payments/statement';
import { attempt, type Failure, type Outcome, serviceHref, staffClient } from '@/lib/service-client';
import { pageQueryParams, type PageQuery, type SubmissionStatus } from './workspace';

/**
 * The workspace's calls through the service's typed client (lib/service-client.ts, over
 * server/contract.ts's StaffRoutes): paths, parameters and answers are checked by the compiler,
 * with no casts. Each resolves with an outcome, never thrown.
 */
const api = staffClient();

const countsKey = 'workspace/counts';

/** A read that a failure does not repeat (a 401 stays one) and a return to the tab does not refetch. */
const readOnce = { shouldRetryOnError: false, revalidateOnFocus: false } as const;

const options = { ...readOnce, keepPreviousData: true } as const;

/**
 * A call read through SWR, as the views show it: its value, and its failure if the last read failed
 * (status 401: the session has ended). SWR holds the outcome itself, so a failure is never thrown;
 * the value last read for the same key stays beside a failure, as SWR keeps its data beside an error.
 */
export function useOutcome<T>(key: Key, read: () => Promise<Outcome<T>>, config?: SWRConfiguration<Outcome<T>>) {
  const { data: outcome, isLoading, mutate: refresh } = useSWR(key, read, config);
  const id = unstable_serialize(key);
  const held = useRef<{ id: string; value: T } | undefined>(undefined);
  if (outcome?.ok) held.current = { id, value: outcome.value };
  return {
    data: outcome?.ok ? outcome.value : outcome && held.current?.id === id ? held.current.value : undefined,
    failure: outcome && !outcome.ok ? (outcome satisfies Failure) : undefined,
    isLoading,
    /** Reads it again; or, given a value, holds that one without asking the service. */
    mutate: (value?: T) => (value === undefined ? refresh() : refresh({ ok: true, value }, { revalidate: false })),
  };
}

/**
 * New items per sidebar entry (`counts`: each table, 'payments', 'builds') and the open data
 * requests (`requests`); refreshed every half minute.
 */
export function useCounts(enabled: boolean) {
  return useOutcome(
    enabled ? countsKey : null,
    () =>
      attempt(
        () => api.workspace.counts.$get(),
        (res) => res.json(),
      ),
    {
      ...options,
      refreshInterval: 30_000,
    },
  );
}

/** One page of a table, as the service sorts, filters and cuts it. */
export function useTablePage(form: string, query: PageQuery) {
  const params = pageQueryParams(query);
  return useOutcome(
    ['rows', form, JSON.stringify(params)],
    () =>
      attempt(
        () => api.forms[':form'].rows.$get({ param: { form }, query: params }),
        (res) => res.json(),
      ),
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
  return useOutcome(
    id === undefined ? null : ['submission', form, id],
    () =>
      attempt(
        () => api.forms[':form'][':id{[0-9]+}'].$get({ param: { form, id: String(id) } }),
        (res) => res.json(),
      ),
    options,
  );
}

/** Changes a submission's status and/or note; resolves with it and its history. */
export async function patchSubmission(form: string, id: number, change: { status?: SubmissionStatus; note?: string }) {
  const patched = await attempt(
    () => api.forms[':form'][':id{[0-9]+}'].$patch({ param: { form, id: String(id) }, json: change }),
    (res) => res.json(),
  );
  void mutate(countsKey);
  return patched;
}

export function useClaims() {
  return useOutcome(
    'claims',
    () =>
      attempt(
        () => api.payments.claims.$get(),
        async (res) => (await res.json()).claims,
      ),
    options,
  );
}

export async function reviewClaim(id: number, status: 'verified' | 'rejected') {
  const reviewed = await attempt(
    () => api.payments.claims[':id{[0-9]+}'].$patch({ param: { id: String(id) }, json: { status } }),
    async (res) => (await res.json()).claim,
  );
  void mutate(countsKey);
  return reviewed;
}

/** Changes the signed-in staff member's password; resolves with the service's message. */
export const changePassword = (current: string, next: string) =>
  attempt(
    () => api.auth.password.$post({ json: { current, next } }),
    async (res) => (await res.json()).message,
  );

/** A statement's credits matched to claims; or, for a layout not seen before, its columns to choose from. */
export const importStatement = (csv: string, mapping?: StatementMapping) =>
  attempt(
    () => api.payments.statement.$post({ json: mapping ? { csv, mapping } : { csv } }),
    async (res) => res.json(),
  );

/** Verifies the chosen claims in one action; resolves with how many this verified and how many were verified before. */
export async function verifyClaims(ids: readonly number[]) {
  const verified = await attempt(
    () => api.payments.claims.verify.$post({ json: { ids: [...ids] } }),
    async (res) => res.json(),
  );
  void mutate(countsKey);
  void mutate('claims');
  return verified;
}

/** The last builds of the site (staff only). */
export function useBuilds(enabled: boolean) {
  return useOutcome(
    enabled ? 'builds' : null,
    () =>
      attempt(
        () => api.builds.$get(),
        (res) => res.json(),
      ),
    {
      ...readOnce,
      refreshInterval: (data) => (data?.ok && data.value.busy ? 5000 : 0),
    },
  );
}

/** Starts a build of the site now; resolves with the service's message. */
export const startBuild = () =>
  attempt(
    () => api.builds.$post({ json: {} }),
    async (res) => (await res.json()).message,
  );

/** The database backups (staff only). */
export function useBackups() {
  return useOutcome(
    'backups',
    () =>
      attempt(
        () => api.backups.$get(),
        (res) => res.json(),
      ),
    readOnce,
  );
}
