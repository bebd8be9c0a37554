import { attempt, getJson, publicClient, readAnswer, serviceFetch, serviceHref } from '@/lib/service-client';
import type { BookDocument, Sums } from './sheets';
import { hasList, isRecord } from '@/lib/guards';

/** The service's calls for the books: staff's month, documents and refunds, and a registrant's own. */

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

/** A registrant's invoices and refund requests, and why a refund cannot be asked for now (null: it can). */
export type RegistrantBooks = NonNullable<Awaited<ReturnType<typeof fetchRegistrantBooks>>>;

export async function fetchRegistrantBooks(token: string) {
  const read = await attempt(
    () => publicClient(token).books.registrant.$get(),
    (res) => res.json(),
  );
  return read.ok ? read.value : undefined;
}

/** The registrant's invoice as a PDF (fetched with the token in its header); undefined when it cannot be had. */
export async function fetchRegistrantInvoice(token: string, id: number): Promise<Blob | undefined> {
  const read = await attempt(
    () => publicClient(token).books.registrant.invoices[':id{[0-9]{1,9}}'].pdf.$get({ param: { id: String(id) } }),
    (res) => res.blob(),
  );
  return read.ok ? read.value : undefined;
}

export async function requestRefundCall(token: string, reason: string): Promise<{ ok: boolean; message: string }> {
  const sent = await attempt(
    () => publicClient(token).books.registrant.refund.$post({ json: { reason } }),
    (res) => res.json(),
  );
  if (sent.ok) return { ok: true, message: sent.value.message };
  return { ok: false, message: sent.status === 0 ? 'The service could not be reached.' : (sent.message ?? '') };
}
