/**
 * A studio booking's deposit, verified: the booking it names by its reference is confirmed once what
 * is verified for it covers the deposit, and each verified payment for it gets its receipt voucher
 * (an advance: the tax is due on receipt), in the transaction that verifies it.
 */
import type { BooksConfig } from '@/lib/books/config';
import { payables } from '@/lib/payments/payables';
import { issueReceiptVoucher, type Voucher } from '../books/vouchers-store';
import type { Queryable } from '../store/db';
import { int, text, textOrNull } from '../store/rows';

/** The kinds of payment that confirm a booking (the payables table's `confirms-booking` rows). */
const depositKinds = payables.filter((p) => p.effect === 'confirms-booking').map((p) => p.kind);

/** What the advance is for, on its voucher, by the booked service's SAC. */
const sacNames: Record<string, string> = {
  '999611': 'sound recording services',
  '999613': 'audiovisual post-production services',
};

/** The outbox rows of a confirmed booking (ref: the booking's id): the client's, with its address, and the engineer's. */
export const BOOKING_MAIL = { confirmed: 'reg-booking-confirmed', engineer: 'reg-booking-engineer' } as const;

/** What a verified deposit did to its booking. */
export interface DepositSettled {
  claimId: number;
  reference: string;
  /** confirmed: by this payment; covered: confirmed before; short: waits for the rest; to-return: lapsed, cancelled or no booking. */
  outcome: 'confirmed' | 'covered' | 'short' | 'to-return';
  voucher: Voucher | undefined;
}

/**
 * Settles these claims that are verified deposits, in the caller's transaction (the one that
 * verifies them), in claim order: the booking's row is locked, so two verifications of one booking
 * are decided one at a time. A held booking gets a receipt voucher for each payment and is confirmed
 * when its verified payments cover its deposit; a lapsed or cancelled booking (or a reference of no
 * booking) is neither confirmed nor given a voucher: the payment is money to return. Once per claim:
 * a claim settled before keeps its voucher and changes nothing.
 */
export async function settleDeposits(
  tx: Queryable,
  claimIds: readonly number[],
  books: BooksConfig,
): Promise<DepositSettled[]> {
  const claims = await tx.query<{ id: number; reference: string; amount_paise: number }>(
    `SELECT id, reference, amount_paise FROM payment_claims
     WHERE id = ANY($1::int[]) AND status = 'verified' AND kind = ANY($2::text[]) ORDER BY id`,
    [claimIds, depositKinds],
  );
  const settled: DepositSettled[] = [];
  for (const claim of claims) {
    const claimId = int(claim.id);
    const reference = text(claim.reference);
    const [booking] = await tx.query<Record<string, unknown>>(
      'SELECT * FROM bookings WHERE reference = $1 FOR UPDATE',
      [reference],
    );
    const status = booking ? text(booking.status) : undefined;
    if (!booking || (status !== 'held' && status !== 'confirmed')) {
      settled.push({ claimId, reference, outcome: 'to-return', voucher: undefined });
      continue;
    }
    const gstin = textOrNull(booking.gstin);
    const sac = text(booking.sac);
    const voucher = await issueReceiptVoucher(
      tx,
      {
        claimId,
        reference,
        recipient: {
          name: textOrNull(booking.legal_name) ?? text(booking.name),
          gstin,
          address: textOrNull(booking.address),
        },
        placeOfSupply: gstin ? gstin.slice(0, 2) : books.stateCode,
        supply: {
          sac,
          description: `Advance for studio time, ${text(booking.service)} (${sacNames[sac] ?? 'studio services'}), booking ${reference}`,
        },
        amountPaise: int(claim.amount_paise),
      },
      books,
    );
    if (status === 'confirmed') {
      settled.push({ claimId, reference, outcome: 'covered', voucher });
      continue;
    }
    const [sum] = await tx.query<{ received: unknown }>(
      `SELECT coalesce(sum(amount_paise), 0)::bigint AS received FROM payment_claims
       WHERE reference = $1 AND kind = ANY($2::text[]) AND status = 'verified'`,
      [reference, depositKinds],
    );
    const covered = Number(sum?.received ?? 0) >= int(booking.deposit_paise);
    if (covered) {
      await tx.query("UPDATE bookings SET status = 'confirmed' WHERE id = $1", [int(booking.id)]);
      // The client's confirmation and the engineer's invitation, when messages to clients are on.
      await tx.query(
        `INSERT INTO outbox (source, ref_id, to_address)
         SELECT s.source, $1, s.address FROM (VALUES ($2, $3), ($4, NULL)) AS s (source, address)
         WHERE (SELECT registrant_enabled FROM outbox_config)`,
        [int(booking.id), BOOKING_MAIL.confirmed, text(booking.email), BOOKING_MAIL.engineer],
      );
    }
    settled.push({ claimId, reference, outcome: covered ? 'confirmed' : 'short', voucher });
  }
  return settled;
}
