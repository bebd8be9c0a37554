import type { BookDocument } from '@/lib/books/book-document';
import { splitOfRefund } from '@/lib/books/refund';
import { type BooksConfig, priceOfSupply } from '@/lib/books/config';
import { isPricedKind } from '@/lib/payments/payables';
import { creditPrefixOf, documentNumber, type TaxSplit } from '@/lib/books/tax';
import { dateOf, monthBounds, takeNumber } from './numbering';

import type { Queryable } from '../store/db';
import { firstRow, int, intOrNull, paymentKind, text, textOrNull, iso, json, rowDecoder } from '../store/rows';

/** The supplier as printed on a document, kept with it. */
export interface Supplier {
  legalName: string;
  address: string;
  stateCode: string;
  gstin: string | null;
}

export interface Invoice extends TaxSplit {
  id: number;
  kind: 'tax-invoice' | 'receipt';
  number: string;
  series: string;
  seq: number;
  issuedAt: string;
  claimId: number;
  registrationId: number | null;
  recipientName: string;
  recipientState: string | null;
  placeOfSupply: string;
  supplier: Supplier;
  sac: string;
  description: string;
  paidPaise: number;
}

export interface CreditNote extends TaxSplit {
  id: number;
  number: string;
  series: string;
  seq: number;
  issuedAt: string;
  invoice: Invoice;
  refundId: number | null;
  reason: string;
}

/** The columns every numbered document has: its number in its series and its moment of issue. */
export const numberedColumns = { id: int, number: text, series: text, seq: int, issuedAt: iso };

/** The columns a document of supply shares with an advance's voucher: the supplier, the supply, the tax split. */
export const suppliedColumns = {
  supplier: (v: unknown) => json<Supplier>(v),
  sac: text,
  description: text,
  ratePercent: int,
  taxablePaise: int,
  cgstPaise: int,
  sgstPaise: int,
  igstPaise: int,
  totalPaise: int,
};

const invoiceOf = rowDecoder<Invoice>({
  ...numberedColumns,
  kind: (v) => (v === 'receipt' ? 'receipt' : 'tax-invoice'),
  claimId: int,
  registrationId: intOrNull,
  recipientName: text,
  recipientState: textOrNull,
  placeOfSupply: text,
  ...suppliedColumns,
  paidPaise: int,
});

/** The studio as a document prints it, from the books' settings. */
export const supplierOf = (books: BooksConfig): Supplier => ({
  legalName: books.legalName,
  address: books.address,
  stateCode: books.stateCode,
  gstin: books.gstin,
});

/** What a registration has received for a kind of payment: its verified claims. */
export async function receivedOf(tx: Queryable, registrationId: number, kind: string): Promise<number> {
  const [row] = await tx.query<{ sum: unknown }>(
    `SELECT coalesce(sum(amount_paise), 0)::bigint AS sum FROM payment_claims
     WHERE registration_id = $1 AND kind = $2 AND status = 'verified'`,
    [registrationId, kind],
  );
  return Number(row?.sum ?? 0);
}

/**
 * Issues an invoice (a receipt without a GSTIN) for each of these claims that is verified and has
 * none, in the caller's transaction (the one that verifies them), in claim order, once per
 * registration and only when what its verified claims add up to covers the price: a short payment
 * waits for the rest, and a claim for a registration already invoiced is a duplicate to refund
 * (migration 24 makes one invoice per registration a constraint). The taxable value is the price of
 * what the reference pays for; the place of supply the state the registrant gave, else the
 * studio's. Resolves with the invoices issued.
 */
export async function issueInvoices(
  tx: Queryable,
  claimIds: readonly number[],
  books: BooksConfig,
): Promise<Invoice[]> {
  if (claimIds.length === 0) return [];
  const claims = await tx.query<Record<string, unknown>>(
    `SELECT c.id, c.kind, c.amount_paise, c.state, c.registration_id, c.contact,
       coalesce(f.person_name, '') AS name
     FROM payment_claims c LEFT JOIN form_submissions f ON f.id = c.registration_id
     WHERE c.id = ANY($1::int[]) AND c.status = 'verified'
       AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.claim_id = c.id)
     ORDER BY c.id`,
    [claimIds],
  );
  const supplier = supplierOf(books);
  const issued: Invoice[] = [];
  for (const claim of claims) {
    const kind = paymentKind(claim.kind);
    // A booking's deposit is an advance: its receipt voucher is the bookings' (deposits-store), never an invoice.
    if (!isPricedKind(kind)) continue;
    const registrationId = intOrNull(claim.registration_id);
    if (registrationId !== null) {
      // Orders the issues of one registration: a second verification waits here, then sees the first's invoice.
      await tx.query('SELECT id FROM form_submissions WHERE id = $1 FOR UPDATE', [registrationId]);
      if ((await invoicesOfRegistration(tx, registrationId)).length > 0) continue;
    }
    const received = registrationId === null ? int(claim.amount_paise) : await receivedOf(tx, registrationId, kind);
    const recipientState = textOrNull(claim.state);
    const pos = recipientState ?? books.stateCode;
    const split = priceOfSupply(books, kind, pos);
    if (received < split.totalPaise) continue;
    const supply = books.supplies[kind];
    const { fy, seq, at } = await takeNumber(tx, books.invoicePrefix);
    const [row] = await tx.query<Record<string, unknown>>(
      `INSERT INTO invoices (kind, number, series, fy, seq, issued_at, claim_id, registration_id, recipient_name,
         recipient_state, place_of_supply, supplier, sac, description, rate_percent, taxable_paise, cgst_paise,
         sgst_paise, igst_paise, total_paise, paid_paise)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13, $14, $15, $16, $17, $18, $19, $20, $21)
       RETURNING *`,
      [
        books.gstin ? 'tax-invoice' : 'receipt',
        documentNumber(books.invoicePrefix, fy, seq),
        books.invoicePrefix,
        fy,
        seq,
        at.toISOString(),
        int(claim.id),
        registrationId,
        text(claim.name) || 'Registrant (name not on record)',
        recipientState,
        pos,
        JSON.stringify(supplier),
        supply.sac,
        supply.description,
        split.ratePercent,
        split.taxablePaise,
        split.cgstPaise,
        split.sgstPaise,
        split.igstPaise,
        split.totalPaise,
        received,
      ],
    );
    if (row) issued.push(invoiceOf(row));
  }
  return issued;
}

export async function getInvoice(db: Queryable, id: number): Promise<Invoice | undefined> {
  return firstRow(db, 'SELECT * FROM invoices WHERE id = $1', [id], invoiceOf);
}

/** The invoice of a claim, if it has one. */
export async function invoiceOfClaim(db: Queryable, claimId: number): Promise<Invoice | undefined> {
  return firstRow(db, 'SELECT * FROM invoices WHERE claim_id = $1', [claimId], invoiceOf);
}

/** A registration's invoices, oldest first. */
export async function invoicesOfRegistration(db: Queryable, registrationId: number): Promise<Invoice[]> {
  const rows = await db.query<Record<string, unknown>>(
    'SELECT * FROM invoices WHERE registration_id = $1 ORDER BY id',
    [registrationId],
  );
  return rows.map(invoiceOf);
}

function creditNoteOf(r: Record<string, unknown>, invoice: Invoice): CreditNote {
  return {
    id: int(r.id),
    number: text(r.number),
    series: text(r.series),
    seq: int(r.seq),
    issuedAt: iso(r.issued_at),
    invoice,
    refundId: intOrNull(r.refund_id),
    reason: text(r.reason),
    ratePercent: invoice.ratePercent,
    taxablePaise: int(r.taxable_paise),
    cgstPaise: int(r.cgst_paise),
    sgstPaise: int(r.sgst_paise),
    igstPaise: int(r.igst_paise),
    totalPaise: int(r.total_paise),
  };
}

export async function getCreditNote(db: Queryable, id: number): Promise<CreditNote | undefined> {
  const [row] = await db.query<Record<string, unknown>>('SELECT * FROM credit_notes WHERE id = $1', [id]);
  const invoice = row ? await getInvoice(db, int(row.invoice_id)) : undefined;
  return row && invoice ? creditNoteOf(row, invoice) : undefined;
}

/**
 * Issues a credit note against an invoice for `refundPaise` of its total (all of it, or a part: the
 * taxable value is taken back out of the amount at the invoice's rate, and each tax computed on it
 * as on the invoice, with the same split), in the caller's transaction.
 */
export async function issueCreditNote(
  tx: Queryable,
  invoice: Invoice,
  refundPaise: number,
  reason: string,
  refundId: number | null,
): Promise<CreditNote> {
  const split =
    refundPaise >= invoice.totalPaise
      ? invoice
      : splitOfRefund(refundPaise, invoice.ratePercent, invoice.igstPaise === 0);
  const series = creditPrefixOf(invoice.series);
  const { fy, seq, at } = await takeNumber(tx, series);
  const [row] = await tx.query<Record<string, unknown>>(
    `INSERT INTO credit_notes (number, series, fy, seq, issued_at, invoice_id, refund_id, reason, taxable_paise,
       cgst_paise, sgst_paise, igst_paise, total_paise)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING *`,
    [
      documentNumber(series, fy, seq),
      series,
      fy,
      seq,
      at.toISOString(),
      invoice.id,
      refundId,
      reason,
      split.taxablePaise,
      split.cgstPaise,
      split.sgstPaise,
      split.igstPaise,
      split.totalPaise,
    ],
  );
  if (!row) throw new Error('the credit note was not stored');
  return creditNoteOf(row, invoice);
}

const bookDocumentOf = (invoice: Invoice): BookDocument => ({
  kind: 'invoice',
  id: invoice.id,
  number: invoice.number,
  series: invoice.series,
  seq: invoice.seq,
  date: dateOf(invoice.issuedAt),
  recipient: invoice.recipientName,
  pos: invoice.placeOfSupply,
  sac: invoice.sac,
  description: invoice.description,
  ratePercent: invoice.ratePercent,
  taxablePaise: invoice.taxablePaise,
  cgstPaise: invoice.cgstPaise,
  sgstPaise: invoice.sgstPaise,
  igstPaise: invoice.igstPaise,
  totalPaise: invoice.totalPaise,
});

export interface MonthBooks {
  month: string;
  documents: BookDocument[];
  /** Verified payments of the month beside their invoices: any difference is listed. */
  differences: Array<{ claimId: number; utr: string; paidPaise: number; invoicedPaise: number; number: string | null }>;
  verifiedPaise: number;
  invoicedPaise: number;
}

/**
 * A month's books (India time): its invoices and credit notes in number order, and the payments
 * verified in it reconciled against their invoices.
 */
export async function monthBooks(db: Queryable, month: string): Promise<MonthBooks> {
  const [from, to] = monthBounds(month);
  const invoices = (
    await db.query<Record<string, unknown>>(
      'SELECT * FROM invoices WHERE issued_at >= $1 AND issued_at < $2 ORDER BY series, seq',
      [from, to],
    )
  ).map(invoiceOf);
  const credits = await db.query<Record<string, unknown>>(
    'SELECT id FROM credit_notes WHERE issued_at >= $1 AND issued_at < $2 ORDER BY series, seq',
    [from, to],
  );
  const notes: BookDocument[] = [];
  for (const { id } of credits) {
    const note = await getCreditNote(db, Number(id));
    if (!note) continue;
    notes.push({
      ...bookDocumentOf(note.invoice),
      kind: 'credit-note',
      id: note.id,
      number: note.number,
      series: note.series,
      seq: note.seq,
      taxablePaise: note.taxablePaise,
      cgstPaise: note.cgstPaise,
      sgstPaise: note.sgstPaise,
      igstPaise: note.igstPaise,
      totalPaise: note.totalPaise,
      date: dateOf(note.issuedAt),
      against: { number: note.invoice.number, date: dateOf(note.invoice.issuedAt) },
    });
  }
  const payments = await db.query<Record<string, unknown>>(
    `SELECT c.id, c.utr, c.amount_paise, i.number, i.total_paise,
       (SELECT coalesce(sum(d.amount_paise), 0) FROM refunds d WHERE d.claim_id = c.id) AS returned
     FROM payment_claims c LEFT JOIN invoices i ON i.claim_id = c.id
     WHERE c.status = 'verified' AND c.reviewed_at >= $1 AND c.reviewed_at < $2 ORDER BY c.id`,
    [from, to],
  );
  const differences = payments
    .map((p) => ({
      claimId: int(p.id),
      utr: text(p.utr),
      paidPaise: int(p.amount_paise),
      invoicedPaise: p.total_paise === null ? 0 : int(p.total_paise),
      number: textOrNull(p.number),
    }))
    // A duplicate staff returned in full is settled: it is no difference.
    .filter((p, i) => p.paidPaise - Number(payments[i]?.returned ?? 0) !== p.invoicedPaise);
  return {
    month,
    documents: [...invoices.map(bookDocumentOf), ...notes],
    differences,
    verifiedPaise: payments.reduce((sum, p) => sum + int(p.amount_paise), 0),
    invoicedPaise: invoices.reduce((sum, i) => sum + i.totalPaise, 0),
  };
}

/**
 * What an erasure says of the books it leaves: invoices and credit notes are kept, never erased
 * (CGST Act s. 36: at least 72 months after the year's annual return), holding only what Rule 46
 * needs of the person: their name and state.
 */
export const documentsKeptWhy =
  'invoice(s) and credit note(s) kept under the GST Act (s. 36, at least 72 months) with the name and state only';

/** How many invoices and credit notes these claims have: an erasure keeps them. */
export async function keptDocuments(tx: Queryable, claimIds: readonly number[]): Promise<number> {
  if (claimIds.length === 0) return 0;
  const [row] = await tx.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM invoices WHERE claim_id = ANY($1::int[]))
       + (SELECT count(*) FROM credit_notes n JOIN invoices i ON i.id = n.invoice_id WHERE i.claim_id = ANY($1::int[])) AS n`,
    [claimIds],
  );
  return Number(row?.n ?? 0);
}
