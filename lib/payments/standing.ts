import { documentRupees } from '@/lib/books/tax';

/**
 * Where a registration's payment stands: nothing received yet, part of the price received, paid
 * (its invoice issued), or paid with more received than the price (a duplicate to refund).
 */
export type PaymentStanding =
  | { kind: 'unpaid'; pricePaise: number; receivedPaise: 0; duePaise: number }
  | { kind: 'short'; pricePaise: number; receivedPaise: number; duePaise: number }
  | { kind: 'paid'; pricePaise: number; receivedPaise: number; duePaise: 0 }
  | { kind: 'overpaid'; pricePaise: number; receivedPaise: number; duePaise: 0; excessPaise: number };

/**
 * The standing of a registration whose price is `pricePaise`, of which `receivedPaise` (net of what
 * was refunded of an excess) has been verified: the price is received in full only when all of it is.
 */
export function paymentStanding(pricePaise: number, receivedPaise: number): PaymentStanding {
  if (receivedPaise <= 0) return { kind: 'unpaid', pricePaise, receivedPaise: 0, duePaise: pricePaise };
  if (receivedPaise < pricePaise)
    return { kind: 'short', pricePaise, receivedPaise, duePaise: pricePaise - receivedPaise };
  if (receivedPaise === pricePaise) return { kind: 'paid', pricePaise, receivedPaise, duePaise: 0 };
  return { kind: 'overpaid', pricePaise, receivedPaise, duePaise: 0, excessPaise: receivedPaise - pricePaise };
}

/** A standing in words, as staff and the registrant read it: "₹1.00 received, ₹115.82 still due". */
export function standingText(standing: PaymentStanding): string {
  const received = documentRupees(standing.receivedPaise);
  switch (standing.kind) {
    case 'unpaid':
      return `No payment received yet: ${documentRupees(standing.duePaise)} due`;
    case 'short':
      return `${received} received, ${documentRupees(standing.duePaise)} still due`;
    case 'paid':
      return `${received} received: paid in full`;
    case 'overpaid':
      return `${received} received, ${documentRupees(standing.excessPaise)} more than the price: a duplicate payment to refund`;
  }
}

/** What a bulk verification did, in words: "3 claims verified; 7 were verified already by someone else." */
export function bulkVerifiedText(done: { verified: number; alreadyVerified: number; invoiced: number }): string {
  const claims = (n: number) => `${n} ${n === 1 ? 'claim' : 'claims'}`;
  const before = done.alreadyVerified
    ? ` ${claims(done.alreadyVerified)} ${done.alreadyVerified === 1 ? 'was' : 'were'} verified already by someone else.`
    : '';
  return `${claims(done.verified)} verified.${before}`;
}
