import { documentRupees } from '@/lib/books/tax';
import type { Db, Queryable } from '../store/db';
import { int, intOrNull, text, textOrNull, iso, isoOrNull, rowDecoder } from '../store/rows';
import { releaseSeatOf } from '../sessions/seats-store';
import { type CreditNote, getInvoice, issueCreditNote } from './books-store';

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
});

/** Every refund request, open ones first, then newest first. */
export async function listRefunds(db: Queryable): Promise<Refund[]> {
  const rows = await db.query<Record<string, unknown>>(
    `${refundSelect} ORDER BY (r.status = 'requested') DESC, r.id DESC LIMIT 500`,
  );
  return rows.map(refundOf);
}

/** A registration's refund requests, newest first. */
export async function refundsOfRegistration(db: Queryable, registrationId: number): Promise<Refund[]> {
  const rows = await db.query<Record<string, unknown>>(
    `${refundSelect} WHERE i.registration_id = $1 ORDER BY r.id DESC`,
    [registrationId],
  );
  return rows.map(refundOf);
}

/**
 * Records a registrant's refund request against an invoice; undefined when the invoice already
 * has a request that is open or refunded (nothing is refunded twice).
 */
export async function requestRefund(db: Db, invoiceId: number, reason: string): Promise<number | undefined> {
  const rows = await db.write((tx) =>
    tx.query<{ id: number }>(
      `INSERT INTO refunds (invoice_id, reason) SELECT $1, $2
       WHERE NOT EXISTS (SELECT 1 FROM refunds WHERE invoice_id = $1 AND status <> 'declined')
       ON CONFLICT DO NOTHING RETURNING id`,
      [invoiceId, reason],
    ),
  );
  return rows[0] ? int(rows[0].id) : undefined;
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

/**
 * Records the transfer that refunds an open request (its UTR and amount, all of the invoice's total
 * or a part), in one transaction: the request is refunded, a credit note issued against the invoice,
 * the seat released and the credit note queued for the registrant. Why not, when it cannot be.
 */
export async function completeRefund(
  db: Db,
  id: number,
  staff: string,
  transfer: { utr: string; amountPaise: number },
): Promise<{ ok: true; creditNote: CreditNote } | { ok: false; message: string }> {
  const outcome = await db
    .write(async (tx) => {
      const [row] = await tx.query<{ invoice_id: number; reason: string }>(
        `UPDATE refunds SET status = 'refunded', decided_by = $2, decided_at = now(), utr = $3, amount_paise = $4
       WHERE id = $1 AND status = 'requested' RETURNING invoice_id, reason`,
        [id, staff, transfer.utr, transfer.amountPaise],
      );
      if (!row)
        return { ok: false as const, message: 'This request is not open: it was refunded or declined already.' };
      const invoice = await getInvoice(tx, int(row.invoice_id));
      if (!invoice) throw new Error('the refund has no invoice');
      if (transfer.amountPaise > invoice.totalPaise) {
        // Undone with the transaction.
        throw new RefundTooLarge(invoice.totalPaise);
      }
      const creditNote = await issueCreditNote(tx, invoice, transfer.amountPaise, `Refund (UTR ${transfer.utr})`, id);
      if (invoice.registrationId !== null) await releaseSeatOf(tx, invoice.registrationId);
      await queueRefundMail(tx, 'reg-credit-note', creditNote.id, invoice.registrationId);
      return { ok: true as const, creditNote };
    })
    .catch((error: unknown) => {
      if (error instanceof RefundTooLarge) return { ok: false as const, message: error.message };
      throw error;
    });
  return outcome;
}

class RefundTooLarge extends Error {
  constructor(totalPaise: number) {
    super(`A refund is at most the invoice's total, ${documentRupees(totalPaise)}.`);
  }
}
