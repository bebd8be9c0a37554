import {
  type Answer,
  attempt,
  failureText,
  type Outcome,
  publicClient,
  readAnswer,
  serviceHref,
  staffClient,
} from '@/lib/service-client';
import type { BookDocument } from './book-document';

/** The service's calls for the books: staff's month, documents and refunds, and a registrant's own. */

const api = staffClient();

/** A month's books as staff see them (server/books/books.ts), typed by its route. */
export const fetchMonth = (month: string) =>
  attempt(
    () => api.books.month.$get({ query: { month } }),
    (res) => res.json(),
  );
export type MonthView = Answer<typeof fetchMonth>;

export const exportHref = (month: string) => serviceHref(`/api/books/gstr1.zip?month=${month}`);
export const documentHref = (kind: BookDocument['kind'], id: number) =>
  serviceHref(`/api/books/${kind === 'invoice' ? 'invoices' : 'credit-notes'}/${id}/pdf`);

/** The refund requests as staff see them, typed by their route. */
export const fetchRefunds = () =>
  attempt(
    () => api.books.refunds.$get(),
    async (res) => (await res.json()).refunds,
  );
/** A refund request as staff see it. */
export type StaffRefund = Answer<typeof fetchRefunds>[number];

/** A refund call as its page shows it: whether it worked, and the service's message (or its failure's words). */
const said = (sent: Outcome<string>): { ok: boolean; message: string } =>
  sent.ok ? { ok: true, message: sent.value } : { ok: false, message: failureText(sent) };

/** Sends a staff answer to a refund request; resolves with whether it worked and the service's message. */
const send = async <R extends Response>(request: () => Promise<R>) =>
  said(await attempt(request, async (res) => (await readAnswer(res)).message ?? ''));

const refund = (id: number) => ({ param: { id: String(id) } });
export const declineRefundCall = (id: number, reason: string) =>
  send(() => api.books.refunds[':id{[0-9]{1,9}}'].decline.$post({ ...refund(id), json: { reason } }));
export const refundCall = (id: number, utr: string, amountPaise: number) =>
  send(() => api.books.refunds[':id{[0-9]{1,9}}'].refund.$post({ ...refund(id), json: { utr, amountPaise } }));
/** Records the transfer that returned a duplicate payment (the claim `id`); resolves as refundCall does. */
export const returnDuplicateCall = (id: number, utr: string) =>
  send(() => api.books.duplicates[':id{[0-9]{1,9}}'].refund.$post({ ...refund(id), json: { utr } }));

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

/** The registrant's credit note as a PDF, as their invoice is fetched; undefined when it cannot be had. */
export async function fetchRegistrantCreditNote(token: string, id: number): Promise<Blob | undefined> {
  const read = await attempt(
    () =>
      publicClient(token).books.registrant['credit-notes'][':id{[0-9]{1,9}}'].pdf.$get({ param: { id: String(id) } }),
    (res) => res.blob(),
  );
  return read.ok ? read.value : undefined;
}

export async function requestRefundCall(token: string, reason: string): Promise<{ ok: boolean; message: string }> {
  return said(
    await attempt(
      () => publicClient(token).books.registrant.refund.$post({ json: { reason } }),
      async (res) => (await res.json()).message,
    ),
  );
}
