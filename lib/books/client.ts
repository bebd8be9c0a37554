import { call, readAnswer, serviceFetch, serviceHref, staffClient } from '@/lib/service-client';
import type { BookDocument } from './sheets';

/** The service's calls for the books: staff's month, documents and refunds, and a registrant's own. */

const api = staffClient();

/** A month's books as staff see them (server/books.ts), typed by its route. */
export const fetchMonth = async (month: string) =>
  (await call(() => api.books.month.$get({ query: { month } }))).json();
export type MonthView = Awaited<ReturnType<typeof fetchMonth>>;

export const exportHref = (month: string) => serviceHref(`/api/books/gstr1.zip?month=${month}`);
export const documentHref = (kind: BookDocument['kind'], id: number) =>
  serviceHref(`/api/books/${kind === 'invoice' ? 'invoices' : 'credit-notes'}/${id}/pdf`);

/** The refund requests as staff see them, typed by their route. */
export const fetchRefunds = async () => (await (await call(() => api.books.refunds.$get())).json()).refunds;
/** A refund request as staff see it. */
export type StaffRefund = Awaited<ReturnType<typeof fetchRefunds>>[number];

/** Sends a staff answer to a refund request; resolves with whether it worked and the service's message. */
async function send(request: () => Promise<Response>): Promise<{ ok: boolean; message: string }> {
  try {
    const res = await request();
    return { ok: res.ok, message: (await readAnswer(res)).message ?? '' };
  } catch {
    return { ok: false, message: 'The service could not be reached.' };
  }
}

const refund = (id: number) => ({ param: { id: String(id) } });
export const declineRefundCall = (id: number, reason: string) =>
  send(() => api.books.refunds[':id{[0-9]{1,9}}'].decline.$post({ ...refund(id), json: { reason } }));
export const refundCall = (id: number, utr: string, amountPaise: number) =>
  send(() => api.books.refunds[':id{[0-9]{1,9}}'].refund.$post({ ...refund(id), json: { utr, amountPaise } }));

/**
 * A registrant's request on the books routes: the one place their page's token is put in a request,
 * in the `Authorization` header as the other registrant routes take it (never in the address).
 */
export const asRegistrant = (token: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  cache: 'no-store',
  headers: { Accept: 'application/json', ...init.headers, Authorization: `Bearer ${token}` },
});

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
    status: 'requested' | 'declined' | 'refunded';
    declineReason: string | null;
    amountPaise: number | null;
    creditNote: string | null;
  }>;
  refundClosed: string | null;
}

export async function fetchRegistrantBooks(token: string): Promise<RegistrantBooks | undefined> {
  try {
    const res = await serviceFetch('/api/books/registrant', asRegistrant(token));
    return res.ok ? ((await res.json()) as RegistrantBooks) : undefined;
  } catch {
    return undefined;
  }
}

/** The registrant's invoice as a PDF (fetched with the token in its header); undefined when it cannot be had. */
export async function fetchRegistrantInvoice(token: string, id: number): Promise<Blob | undefined> {
  try {
    const res = await serviceFetch(`/api/books/registrant/invoices/${id}/pdf`, asRegistrant(token));
    return res.ok ? await res.blob() : undefined;
  } catch {
    return undefined;
  }
}

export async function requestRefundCall(token: string, reason: string): Promise<{ ok: boolean; message: string }> {
  try {
    const res = await serviceFetch(
      '/api/books/registrant/refund',
      asRegistrant(token, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ reason }),
      }),
    );
    return { ok: res.ok, message: (await readAnswer(res)).message ?? '' };
  } catch {
    return { ok: false, message: 'The service could not be reached.' };
  }
}
