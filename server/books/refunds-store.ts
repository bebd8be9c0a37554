import { creditOfRefund, excessOf } from '@/lib/books/refund';
import { documentRupees } from '@/lib/books/tax';
import type { Db, Queryable } from '../store/db';
import { int, intOrNull, text, textOrNull, iso, isoOrNull, rowDecoder } from '../store/rows';
import { releaseSeatOf } from '../sessions/seats-store';
import { type CreditNote, getInvoice, issueCreditNote, receivedOf } from './books-store';

/** Refunds: asked for by the registrant, declined or completed by staff with a credit note. */

type RefundStatus = 'requested' | 'declined' | 'refunded';

export interface Refund {
  id: number;
  invoiceId: number;
  invoiceNumber: string;
  invoiceTotalPaise: number;
  registrationId: number | null;
  recipientName: string;
  requestedAt: string;
  reason: string;
  status: RefundStatus;
  decidedBy: string | null;
  decidedAt: string | null;
  declineReason: string | null;
  utr: string | null;
  amountPaise: number | null;
  creditNote: { id: number; number: string } | null;
  /** The duplicate payment (claim) this refund returned, when staff refunded one; null for a registrant's request. */
  claimId: number | null;
}

const refundSelect = `SELECT r.*, i.number AS invoice_number, i.total_paise AS invoice_total, i.registration_id,
    i.recipient_name, n.id AS note_id, n.number AS note_number
  FROM refunds r JOIN invoices i ON i.id = r.invoice_id LEFT JOIN credit_notes n ON n.refund_id = r.id`;

const refundOf = rowDecoder<Refund>({
  id: int,
  invoiceId: int,
  invoiceNumber: text,
  invoiceTotalPaise: (_, r) => int(r.invoice_total),
  registrationId: intOrNull,
  recipientName: text,
  requestedAt: iso,
  reason: text,
  status: (v) => (v === 'declined' || v === 'refunded' ? v : 'requested'),
  decidedBy: textOrNull,
  decidedAt: isoOrNull,
  declineReason: textOrNull,
  utr: textOrNull,
  amountPaise: intOrNull,
  creditNote: (_, r) => (r.note_id === null ? null : { id: int(r.note_id), number: text(r.note_number) }),
  claimId: (_, r) => intOrNull(r.claim_id),
});

/** Every refund request, open ones first, then newest first. */
export async function listRefunds(db: Queryable): Promise<Refund[]> {
  const rows = await db.query<Record<string, unknown>>(
    `${refundSelect} ORDER BY (r.status = 'requested') DESC, r.id DESC LIMIT 500`,
  );
  return rows.map(refundOf);
}

/** A registration's refund requests (`duplicates`: the duplicate payments staff returned instead), newest first. */
export async function refundsOfRegistration(
  db: Queryable,
  registrationId: number,
  which: 'requests' | 'duplicates' = 'requests',
): Promise<Refund[]> {
  const rows = await db.query<Record<string, unknown>>(
    `${refundSelect} WHERE i.registration_id = $1 AND r.claim_id IS ${which === 'requests' ? '' : 'NOT '}NULL
     ORDER BY r.id DESC`,
    [registrationId],
  );
  return rows.map(refundOf);
}

/**
 * Records a registrant's refund request against an invoice; undefined when the invoice has a
 * request already, open or decided (a declined request is a decision: it is not asked again).
 * The database holds it too (migration 24): two requests at once store one.
 */
export async function requestRefund(db: Db, invoiceId: number, reason: string): Promise<number | undefined> {
  const rows = await db.write((tx) =>
    tx.query<{ id: number }>(
      `INSERT INTO refunds (invoice_id, reason) SELECT $1, $2
       WHERE NOT EXISTS (SELECT 1 FROM refunds WHERE invoice_id = $1 AND claim_id IS NULL)
       ON CONFLICT DO NOTHING RETURNING id`,
      [invoiceId, reason],
    ),
  );
  return rows[0] ? int(rows[0].id) : undefined;
}

/** What a registration has been refunded so far (every completed refund of its invoices). */
async function refundedOf(tx: Queryable, registrationId: number): Promise<number> {
  const [row] = await tx.query<{ sum: unknown }>(
    `SELECT coalesce(sum(r.amount_paise), 0)::bigint AS sum FROM refunds r JOIN invoices i ON i.id = r.invoice_id
     WHERE i.registration_id = $1 AND r.status = 'refunded'`,
    [registrationId],
  );
  return Number(row?.sum ?? 0);
}

/** What the credit notes against an invoice add up to. */
async function creditedOf(tx: Queryable, invoiceId: number): Promise<number> {
  const [row] = await tx.query<{ sum: unknown }>(
    'SELECT coalesce(sum(total_paise), 0)::bigint AS sum FROM credit_notes WHERE invoice_id = $1',
    [invoiceId],
  );
  return Number(row?.sum ?? 0);
}

/** Queues a registrant's message about a refund (its source and the row it is about), when registrant mail is on. */
async function queueRefundMail(tx: Queryable, source: string, refId: number, registrationId: number | null) {
  await tx.query(
    `INSERT INTO outbox (source, ref_id, to_address)
     SELECT $1, $2, person_email FROM form_submissions
     WHERE id = $3 AND (SELECT registrant_enabled FROM outbox_config) AND person_email LIKE '%_@_%'`,
    [source, refId, registrationId],
  );
}

/** Declines an open request with the reason the registrant is told; false when it is not open. */
export async function declineRefund(db: Db, id: number, staff: string, why: string): Promise<boolean> {
  const done = await db.write(async (tx) => {
    const [row] = await tx.query<{ registration_id: number | null }>(
      `UPDATE refunds r SET status = 'declined', decided_by = $2, decided_at = now(), decline_reason = $3
       FROM invoices i WHERE r.id = $1 AND r.status = 'requested' AND i.id = r.invoice_id
       RETURNING i.registration_id`,
      [id, staff, why],
    );
    if (!row) return false;
    await queueRefundMail(tx, 'reg-refund-declined', id, intOrNull(row.registration_id));
    return true;
  });
  return done;
}

/** A refund as staff record it: its transfer, and whether they give the seat up though the refund is partial. */
export interface RefundTransfer {
  utr: string;
  amountPaise: number;
  /** Release the seat even when less than everything received is refunded. */
  releaseSeat?: boolean;
}

/**
 * Records the transfer that refunds an open request (its UTR and amount), in one transaction: at
 * most what the registration's payments brought in, less what was refunded before. The request is
 * refunded and a credit note issued for the part of it the invoice still holds (a refund of a
 * duplicate payment beyond the price cancels no supply). The seat is released (through the sessions'
 * releaseSeatOf) when everything received is refunded or staff choose to release it, and kept
 * otherwise; the credit note is queued for the registrant with which it was. Why not, when it cannot be.
 */
export async function completeRefund(
  db: Db,
  id: number,
  staff: string,
  transfer: RefundTransfer,
): Promise<{ ok: true; creditNote: CreditNote | null; seatReleased: boolean } | { ok: false; message: string }> {
  const outcome = await db.write(async (tx) => {
    const [open] = await tx.query<{ invoice_id: number }>(
      `SELECT invoice_id FROM refunds WHERE id = $1 AND status = 'requested' FOR UPDATE`,
      [id],
    );
    if (!open) return { ok: false as const, message: notOpen };
    const invoice = await getInvoice(tx, int(open.invoice_id));
    if (!invoice) throw new Error('the refund has no invoice');
    const registrationId = invoice.registrationId;
    const [claim] = await tx.query<{ kind: string }>('SELECT kind FROM payment_claims WHERE id = $1', [
      invoice.claimId,
    ]);
    const received =
      registrationId === null ? invoice.paidPaise : await receivedOf(tx, registrationId, text(claim?.kind));
    const refunded = registrationId === null ? 0 : await refundedOf(tx, registrationId);
    const refundable = received - refunded;
    if (transfer.amountPaise > refundable) return { ok: false as const, message: tooLarge(received, refunded) };
    const released = transfer.amountPaise === refundable || transfer.releaseSeat === true;
    await tx.query(
      `UPDATE refunds SET status = 'refunded', decided_by = $2, decided_at = now(), utr = $3, amount_paise = $4,
           seat_released = $5 WHERE id = $1`,
      [id, staff, transfer.utr, transfer.amountPaise, released],
    );
    const credit = creditOfRefund({
      amountPaise: transfer.amountPaise,
      receivedPaise: received,
      refundedPaise: refunded,
      invoicePaise: invoice.totalPaise,
      creditedPaise: await creditedOf(tx, invoice.id),
    });
    // A refund of a duplicate payment alone cancels no supply: no credit note (none of ₹0).
    const creditNote =
      credit > 0 ? await issueCreditNote(tx, invoice, credit, `Refund (UTR ${transfer.utr})`, id) : null;
    if (registrationId !== null && released) await releaseSeatOf(tx, registrationId);
    if (creditNote) await queueRefundMail(tx, 'reg-credit-note', creditNote.id, registrationId);
    return { ok: true as const, creditNote, seatReleased: released };
  });
  return outcome;
}

const notOpen = 'This request is not open: it was refunded or declined already.';

/**
 * Records the transfer that returns a duplicate payment (a verified claim for a registration whose
 * invoice another claim paid), in one transaction: the claim's amount, at most what was received
 * beyond what the invoice holds (less its credit notes) and what was refunded before. No credit
 * note (the supply stands) and the seat is kept; once per claim (the database holds it too). Why
 * not, when it cannot be.
 */
export async function refundDuplicate(
  db: Db,
  claimId: number,
  staff: string,
  utr: string,
): Promise<{ ok: true; refundId: number; amountPaise: number } | { ok: false; message: string }> {
  const outcome = await db.write(async (tx) => {
    const [claim] = await tx.query<Record<string, unknown>>(
      `SELECT c.amount_paise, c.kind, c.registration_id, i.id AS invoice_id, i.claim_id AS invoice_claim
       FROM payment_claims c JOIN invoices i ON i.registration_id = c.registration_id AND NOT i.issued_twice
       WHERE c.id = $1 AND c.status = 'verified' FOR UPDATE OF c`,
      [claimId],
    );
    if (!claim || int(claim.invoice_claim) === claimId) return { ok: false as const, message: notDuplicate };
    const [done] = await tx.query('SELECT 1 FROM refunds WHERE claim_id = $1', [claimId]);
    if (done) return { ok: false as const, message: 'This duplicate payment was refunded already.' };
    const registrationId = int(claim.registration_id);
    const invoice = await getInvoice(tx, int(claim.invoice_id));
    if (!invoice) throw new Error('the duplicate has no invoice');
    const excess = excessOf({
      receivedPaise: await receivedOf(tx, registrationId, text(claim.kind)),
      refundedPaise: await refundedOf(tx, registrationId),
      invoicePaise: invoice.totalPaise,
      creditedPaise: await creditedOf(tx, invoice.id),
    });
    const amount = Math.min(int(claim.amount_paise), excess);
    if (amount <= 0) return { ok: false as const, message: notDuplicate };
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO refunds (invoice_id, claim_id, reason, status, decided_by, decided_at, utr, amount_paise, seat_released)
       VALUES ($1, $2, $3, 'refunded', $4, now(), $5, $6, false) ON CONFLICT DO NOTHING RETURNING id`,
      [invoice.id, claimId, 'A duplicate payment, returned', staff, utr, amount],
    );
    if (!row) return { ok: false as const, message: 'This duplicate payment was refunded already.' };
    return { ok: true as const, refundId: int(row.id), amountPaise: amount };
  });
  return outcome;
}

const notDuplicate =
  'This payment is not a duplicate to return: nothing of it is beyond what the invoice holds (a refund of the fee is answered from the refund requests).';

/** Why a refund is too large: what it may be at most. */
function tooLarge(receivedPaise: number, refundedPaise: number): string {
  const most = documentRupees(receivedPaise - refundedPaise);
  return refundedPaise > 0
    ? `A refund is at most what was received less what was refunded before: ${documentRupees(receivedPaise)} less ${documentRupees(refundedPaise)}, ${most}.`
    : `A refund is at most what was received, ${most}.`;
}
