import { hc } from 'hono/client';
import type { ClaimsApi } from '@/server/claims';
import { claimMessages, type ClaimInput } from './claim';

const client = hc<ClaimsApi>('/api');

export type ClaimResult =
  | { ok: true; message: string }
  | { ok: false; message: string; errors: Partial<Record<keyof ClaimInput, string>> };

/** Sends a payment claim to the service (POST /api/payments/claims, through the typed client). */
export async function sendClaim(input: ClaimInput): Promise<ClaimResult> {
  try {
    const res = await client.payments.claims.$post({ json: input });
    if (res.status === 201) return { ok: true, message: (await res.json()).message };
    // 400 (field problems, from the route's validator) and 409 (UTR already claimed): checked at run time.
    const body: unknown = await res.json().catch(() => null);
    const record = typeof body === 'object' && body !== null ? Object.entries(body) : [];
    const message = record.find(([k, v]) => k === 'message' && typeof v === 'string')?.[1];
    const errors = record.find(([k]) => k === 'errors')?.[1];
    const fieldErrors: Partial<Record<keyof ClaimInput, string>> = {};
    if (typeof errors === 'object' && errors !== null) {
      for (const [key, value] of Object.entries(errors)) {
        if ((key === 'utr' || key === 'contact' || key === 'reference') && typeof value === 'string')
          fieldErrors[key] = value;
      }
    }
    return {
      ok: false,
      message:
        typeof message === 'string' ? message : `The service answered ${res.status}. Please try again in a minute.`,
      errors: fieldErrors,
    };
  } catch {
    return {
      ok: false,
      message: `We could not reach our server. ${claimMessages.receivedNext.split('. ')[1] ?? ''}`.trim(),
      errors: {},
    };
  }
}
