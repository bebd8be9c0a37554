import { masterclassRefundWindowHours } from '@/content/forms/masterclass-terms';
import {
  type ActionContext,
  type RegistrationFacts,
  type RegistrationState,
  stateOf,
} from '@/lib/registrations/lifecycle';
import type { StaffSession } from '@/lib/sessions/session';
import type { Queryable } from '../store/db';
import { int, isoOrNull } from '../store/rows';

/**
 * The stored facts of the registrations holding seats, read as the lifecycle
 * (lib/registrations/lifecycle.ts) takes them: one row per seat `s`.
 */
export const factsSql = `SELECT s.id AS seat_id, s.registration_id, s.session_id, s.cancelled_at IS NOT NULL AS cancelled,
    coalesce(s.checked_in_at, s.joined_at) AS attended_at,
    (SELECT w.status FROM waitlist w WHERE w.registration_id = s.registration_id ORDER BY w.id DESC LIMIT 1) AS waitlist,
    (SELECT coalesce(sum(c.amount_paise), 0)::bigint FROM payment_claims c
      WHERE c.registration_id = s.registration_id AND c.status = 'verified') AS received,
    EXISTS (SELECT 1 FROM payment_claims c WHERE c.registration_id = s.registration_id AND c.status = 'pending')
      AS claim_pending,
    (SELECT i.total_paise FROM invoices i WHERE i.registration_id = s.registration_id AND NOT i.issued_twice
      ORDER BY i.id LIMIT 1) AS invoice_total,
    (SELECT coalesce(sum(r.amount_paise), 0)::bigint FROM refunds r JOIN invoices i ON i.id = r.invoice_id
      WHERE i.registration_id = s.registration_id AND r.status = 'refunded') AS refunded,
    EXISTS (SELECT 1 FROM certificates x WHERE x.seat_id = s.id AND x.revoked_at IS NULL AND x.withdrawn_at IS NULL)
      AS certified
  FROM session_seats s`;

/**
 * The lifecycle's "price fully received" in SQL, for the registration whose id is `registration`
 * (an SQL expression): its invoice is issued, which the books do exactly when the verified claims
 * cover the price (a short payment is not paid; see factsOf).
 */
export const priceReceivedSql = (registration: string) =>
  `EXISTS (SELECT 1 FROM invoices i WHERE i.registration_id = ${registration} AND NOT i.issued_twice)`;

const waitlistStatus = (v: unknown): RegistrationFacts['waitlist'] =>
  v === 'waiting' || v === 'offered' || v === 'taken' || v === 'lapsed' ? v : null;

/**
 * A row of factsSql as the lifecycle's facts. Without an invoice the price is `pricePaise` when
 * the caller knows it (the books), else unknown (0): the price then counts as received only once
 * the invoice is issued, which the books do exactly when it is.
 */
export function factsOf(r: Record<string, unknown>, pricePaise = 0): RegistrationFacts {
  const invoiced = r.invoice_total !== null && r.invoice_total !== undefined;
  return {
    seat: { cancelled: r.cancelled === true },
    waitlist: waitlistStatus(r.waitlist),
    pricePaise: invoiced ? int(r.invoice_total) : pricePaise,
    receivedPaise: Number(r.received ?? 0),
    claimPending: r.claim_pending === true,
    invoiced,
    refundedPaise: Number(r.refunded ?? 0),
    attendedAt: isoOrNull(r.attended_at),
    certified: r.certified === true,
  };
}

/** The state of the registration holding a seat, or undefined when it holds none. */
export async function stateOfRegistration(
  db: Queryable,
  registrationId: number,
): Promise<RegistrationState | undefined> {
  const [row] = await db.query<Record<string, unknown>>(`${factsSql} WHERE s.registration_id = $1`, [registrationId]);
  return row ? stateOf(factsOf(row)) : undefined;
}

/** The state of the registration holding a seat, by the seat. */
export async function stateOfSeat(db: Queryable, seatId: number): Promise<RegistrationState | undefined> {
  const [row] = await db.query<Record<string, unknown>>(`${factsSql} WHERE s.id = $1`, [seatId]);
  return row ? stateOf(factsOf(row)) : undefined;
}

/** The states of a session's seats, by registration. */
export async function statesOfSession(db: Queryable, sessionId: number): Promise<Map<number, RegistrationState>> {
  const rows = await db.query<Record<string, unknown>>(`${factsSql} WHERE s.session_id = $1`, [sessionId]);
  return new Map(rows.map((r) => [int(r.registration_id), stateOf(factsOf(r))]));
}

/** The context the lifecycle's guards read: `now`, the session's times, the door's and the refunds' terms. */
export function actionContext(
  session: Pick<StaffSession, 'kind' | 'startsAt' | 'durationMinutes' | 'status'>,
  now: Date,
  opensMinutes: number,
): ActionContext {
  return {
    nowMs: now.getTime(),
    session: {
      kind: session.kind,
      startsAt: session.startsAt,
      durationMinutes: session.durationMinutes,
      cancelled: session.status === 'cancelled',
    },
    opensMinutes,
    refundWindowHours: masterclassRefundWindowHours,
  };
}
