import { documentRupees } from '@/lib/books/tax';
import { creditNotePdf, invoicePdf, studioSignature } from './books-pdf';
import { getCreditNote, type Invoice, invoicesOfRegistration } from './books-store';
import type { Queryable } from '../store/db';

/** An e-mail attachment as nodemailer takes it. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Shown inside the HTML part (an `<img src="cid:…">`) rather than as a file. */
  cid?: string;
}

/** A document's file name: its number with `/` made `-` ("INV-26-27-00001.pdf"). */
export const documentFileName = (number: string): string => `${number.replace(/\//g, '-')}.pdf`;

const titleOf = (invoice: Invoice) => (invoice.kind === 'tax-invoice' ? 'Tax invoice' : 'Payment receipt');

/**
 * The newest invoice of a registration, for the message that confirms its payment: the fact to
 * show ("Tax invoice: INV/26-27/00001") and the PDF to attach; undefined when it has none.
 */
export async function invoiceForMessage(
  db: Queryable,
  registrationId: number,
): Promise<{ fact: readonly [string, string]; attachment: MailAttachment } | undefined> {
  const invoice = (await invoicesOfRegistration(db, registrationId)).at(-1);
  if (!invoice) return undefined;
  return {
    fact: [titleOf(invoice), `${invoice.number} (attached)`],
    attachment: {
      filename: documentFileName(invoice.number),
      content: Buffer.from(await invoicePdf(invoice, await studioSignature())),
      contentType: 'application/pdf',
    },
  };
}

/** A refund's message to the registrant: its parts, and the credit note to attach. */
export interface RefundMessage {
  subject: string;
  reference: string;
  heading: string;
  paragraphs: string[];
  facts: Array<readonly [string, string]>;
  attachment?: MailAttachment;
}

/**
 * The registrant's message for a refund row of the outbox: 'reg-credit-note' (ref: the credit
 * note) with its PDF, or 'reg-refund-declined' (ref: the request) with the reason. Undefined when
 * what it is about is gone.
 */
export async function refundMessage(db: Queryable, source: string, refId: number): Promise<RefundMessage | undefined> {
  if (source === 'reg-credit-note') {
    const note = await getCreditNote(db, refId);
    if (!note) return undefined;
    const [refund] = await db.query<{ amount_paise: number | null; seat_released: boolean | null }>(
      'SELECT amount_paise, seat_released FROM refunds WHERE id = $1',
      [note.refundId],
    );
    const refunded = refund?.amount_paise ?? note.totalPaise;
    const seat =
      refund?.seat_released === false
        ? 'Your seat is kept: this was a partial refund, and your registration stands.'
        : 'Your seat is released.';
    return {
      subject: `refund made, credit note ${note.number}`,
      reference: `Registration #${note.invoice.registrationId ?? '-'}`,
      heading: 'Your refund is made',
      paragraphs: [
        `We have refunded ${documentRupees(refunded)} to the account you paid from; it can take a few days to show.`,
        `The credit note attached cancels ${documentRupees(note.totalPaise)} of invoice ${note.invoice.number}. ${seat}`,
      ],
      facts: [
        ['Credit note', `${note.number} (attached)`],
        ['Against', note.invoice.number],
        ['Amount', documentRupees(refunded)],
        ['Your seat', refund?.seat_released === false ? 'Kept' : 'Released'],
      ],
      attachment: {
        filename: documentFileName(note.number),
        content: Buffer.from(await creditNotePdf(note, await studioSignature())),
        contentType: 'application/pdf',
      },
    };
  }
  const [refund] = await db.query<{ decline_reason: string; number: string; registration_id: number | null }>(
    `SELECT r.decline_reason, i.number, i.registration_id FROM refunds r JOIN invoices i ON i.id = r.invoice_id
     WHERE r.id = $1 AND r.status = 'declined'`,
    [refId],
  );
  if (!refund) return undefined;
  return {
    subject: 'your refund request',
    reference: `Registration #${refund.registration_id ?? '-'}`,
    heading: 'We cannot refund this payment',
    paragraphs: [
      `We have looked at your refund request for invoice ${refund.number} and cannot accept it: ${refund.decline_reason}`,
      'If you think we have this wrong, reply to this e-mail or write to us on WhatsApp.',
    ],
    facts: [['Invoice', refund.number]],
  };
}
