import { masterclassRefundWindowHours } from '@/content/forms/masterclass-terms';
import { indiaLabel } from '@/lib/india-time';
import { documentRupees, type TaxSplit, taxSplit } from './tax';

/**
 * Whether a masterclass attendee may ask for a refund at `now` (the masterclass terms): from the
 * session's start until the terms' hours after its end. Undefined when they may; else why not.
 */
export function refundWindowProblem(
  session: { startsAt: string; durationMinutes: number },
  now: Date,
): string | undefined {
  const start = Date.parse(session.startsAt);
  const closes = start + session.durationMinutes * 60_000 + masterclassRefundWindowHours * 3_600_000;
  if (now.getTime() < start)
    return 'A refund is asked for after attending the masterclass. Before it, you can move or cancel your seat.';
  if (now.getTime() > closes)
    return `The masterclass terms allow a refund request within ${masterclassRefundWindowHours} hours of attending: that time ended ${indiaLabel(closes)}.`;
  return undefined;
}

/**
 * The taxable value and taxes of a refund of `totalPaise` at the invoice's rate and split: the
 * taxable value whose taxes, each rounded on its own, add up to the total exactly, else the nearest
 * below (a paisa less is credited than was asked for, never more).
 */
export function splitOfRefund(totalPaise: number, ratePercent: number, intraState: boolean): TaxSplit {
  const guess = Math.round((totalPaise * 100) / (100 + ratePercent));
  let best = taxSplit(0, ratePercent, intraState);
  for (let t = guess - 2; t <= guess + 2; t++) {
    const split = taxSplit(t, ratePercent, intraState);
    if (split.totalPaise === totalPaise) return split;
    if (split.totalPaise < totalPaise && split.totalPaise > best.totalPaise) best = split;
  }
  return best;
}

/**
 * The part of a refund of `amountPaise` its invoice's credit note takes back: a refund first returns
 * what was received beyond what the invoice still holds (a duplicate payment, which supplied
 * nothing), and only the rest cancels supply; never more than the invoice still holds. So what was
 * received less what was refunded stays what was invoiced less what was credited, once no excess
 * is left.
 */
export function creditOfRefund(money: RegistrationMoney & { amountPaise: number }): number {
  const held = money.invoicePaise - money.creditedPaise;
  return Math.min(held, Math.max(0, money.amountPaise - excessOf(money)));
}

/** A registration's money as the books hold it: received, refunded, invoiced and credited. */
interface RegistrationMoney {
  receivedPaise: number;
  refundedPaise: number;
  invoicePaise: number;
  creditedPaise: number;
}

/** What was received beyond what the invoice still holds, less what was refunded: a duplicate payment to return. */
export function excessOf(money: RegistrationMoney): number {
  return Math.max(0, money.receivedPaise - money.refundedPaise - (money.invoicePaise - money.creditedPaise));
}

/** What a registrant's page reads of their books: the payment, their refund requests, and whether they may ask. */
interface RegistrantMoney {
  invoices: readonly unknown[];
  payment: { receivedPaise: number; duePaise: number; text: string } | null;
  refunds: ReadonlyArray<{
    status: 'requested' | 'declined' | 'refunded';
    declineReason: string | null;
    amountPaise: number | null;
    creditNote: string | null;
    /** The credit note's id, for its PDF (absent: the page cannot offer it). */
    creditNoteId?: number | null;
  }>;
  /** The duplicate payments staff returned (absent: none). */
  returned?: ReadonlyArray<{ amountPaise: number }>;
  refundClosed: string | null;
}

/**
 * The money lines of a registrant's page: what was received and what is still due (while part of
 * the fee is), the latest refund request's answer (a decline with its reason), and whether a
 * refund may be asked for: only while the terms allow and no request was ever made (a declined
 * request is a decision, not a queue); and the refund's credit note, which the page offers to download.
 */
export function registrantMoneyView(books: RegistrantMoney): {
  payment: string | undefined;
  refund: string | undefined;
  creditNote: { id: number; number: string } | undefined;
  /** The duplicate payments returned, in a sentence. */
  returned: string | undefined;
  canAsk: boolean;
} {
  const { payment } = books;
  const short = payment !== null && payment.receivedPaise > 0 && payment.duePaise > 0;
  const latest = books.refunds[0];
  const refund = !latest
    ? undefined
    : latest.status === 'refunded'
      ? latest.creditNote
        ? `Refunded ${documentRupees(latest.amountPaise ?? 0)}: credit note ${latest.creditNote} is issued. Download it here; we e-mailed it to you too.`
        : `Refunded ${documentRupees(latest.amountPaise ?? 0)}: a payment beyond the fee, so your invoice stands.`
      : latest.status === 'declined'
        ? `Your refund request was declined: ${latest.declineReason ?? ''}`
        : 'Your refund request is in: we answer within two working days.';
  const returned = (books.returned ?? []).reduce((sum, r) => sum + r.amountPaise, 0);
  return {
    returned:
      returned > 0
        ? `We returned ${documentRupees(returned)} you paid twice; your invoice stands and your seat is kept.`
        : undefined,
    payment: short ? `${payment.text}. Your invoice is issued when the whole fee is received.` : undefined,
    refund,
    creditNote:
      latest?.status === 'refunded' && latest.creditNote && typeof latest.creditNoteId === 'number'
        ? { id: latest.creditNoteId, number: latest.creditNote }
        : undefined,
    canAsk: books.invoices.length > 0 && books.refundClosed === null && !latest,
  };
}
