import { getJson, readAnswer, serviceFetch, serviceHref } from '@/lib/service-client';
import type { BookDocument, Sums } from './sheets';

/** The service's calls for the books: staff's month, documents and refunds, and a registrant's own. */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const hasList =
  (key: string) =>
  (v: unknown): v is Record<string, unknown[]> =>
    isRecord(v) && Array.isArray(v[key]);

/** A month's books as staff see them (server/books.ts). */
export interface MonthView {
  month: string;
  documents: BookDocument[];
  differences: Array<{ claimId: number; utr: string; paidPaise: number; invoicedPaise: number; number: string | null }>;
  verifiedPaise: number;
  invoicedPaise: number;
  totals: Sums;
  byPlaceAndRate: Array<Sums & { pos: string; ratePercent: number }>;
}

/** A refund request as staff see it. */
export interface StaffRefund {
  id: number;
  invoiceNumber: string;
  invoiceTotalPaise: number;
  recipientName: string;
  requestedAt: string;
  reason: string;
  status: 'requested' | 'declined' | 'refunded';
  declineReason: string | null;
  utr: string | null;
  amountPaise: number | null;
  creditNote: { id: number; number: string } | null;
}

const monthPath = (month: string) => `/api/books/month?month=${month}` as const;
export const fetchMonth = async (month: string) => (await getJson(monthPath(month), isRecord)) as unknown as MonthView;
export const exportHref = (month: string) => serviceHref(`/api/books/gstr1.zip?month=${month}`);
export const documentHref = (kind: BookDocument['kind'], id: number) =>
  serviceHref(`/api/books/${kind === 'invoice' ? 'invoices' : 'credit-notes'}/${id}/pdf`);

export const fetchRefunds = async () =>
  (await getJson('/api/books/refunds', hasList('refunds'))).refunds as unknown as StaffRefund[];

/** Sends an answer; resolves with whether it worked and the service's message. */
async function send(path: `/${string}`, body: unknown): Promise<{ ok: boolean; message: string }> {
  try {
    const res = await serviceFetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    return { ok: res.ok, message: (await readAnswer(res)).message ?? '' };
  } catch {
    return { ok: false, message: 'The service could not be reached.' };
  }
}

export const declineRefundCall = (id: number, reason: string) => send(`/api/books/refunds/${id}/decline`, { reason });
export const refundCall = (id: number, utr: string, amountPaise: number) =>
  send(`/api/books/refunds/${id}/refund`, { utr, amountPaise });

/**
 * A registrant's path on the books routes: the one place their page's token is put in a request
 * (in the path today, as the other registrant routes take it).
 */
const registrantPath = (token: string, rest = '') => `/api/books/registrant/${token}${rest}` as const;

/** A registrant's invoices and refund requests, and why a refund cannot be asked for now (null: it can). */
export interface RegistrantBooks {
  invoices: Array<{
    id: number;
    number: string;
    kind: 'tax-invoice' | 'receipt';
    issuedAt: string;
    totalPaise: number;
  }>;
  refunds: Array<{
    status: StaffRefund['status'];
    declineReason: string | null;
    amountPaise: number | null;
    creditNote: string | null;
  }>;
  refundClosed: string | null;
}

export async function fetchRegistrantBooks(token: string): Promise<RegistrantBooks | undefined> {
  try {
    const res = await serviceFetch(registrantPath(token), { headers: { Accept: 'application/json' } });
    return res.ok ? ((await res.json()) as RegistrantBooks) : undefined;
  } catch {
    return undefined;
  }
}

export const registrantInvoiceHref = (token: string, id: number) =>
  serviceHref(registrantPath(token, `/invoices/${id}/pdf`));
export const requestRefundCall = (token: string, reason: string) => send(registrantPath(token, '/refund'), { reason });
