/** The booking rules' pieces that settings hold beyond the shared contract: the cancellation fees. */
import type { Env } from '@/lib/env';
import type { BookingRules } from './booking-contract';

/** The settings the booking rules come from. */
export type RuleSettings = Pick<
  Env,
  | 'BOOKING_MIN_HOURS'
  | 'BOOKING_MAX_HOURS'
  | 'BOOKING_BUFFER_HOURS'
  | 'BOOKING_DEPOSIT_PERCENT'
  | 'BOOKING_HOLD_HOURS'
  | 'BOOKING_NOTICE_HOURS'
  | 'BOOKING_CANCELLATION_FEES'
>;

/** Inside `withinHours` of the start, a cancellation keeps `keptPercent` of the price. */
export interface CancellationFee {
  readonly withinHours: number;
  readonly keptPercent: number;
}

/** The studio's booking rules with their cancellation fees (the fees are the service's own: the page is not sent them). */
export interface StudioRules extends BookingRules {
  readonly cancellationFees: readonly CancellationFee[];
}

/**
 * BOOKING_CANCELLATION_FEES: "48:50,24:100" (hours before the start : percent kept), nearest the
 * start keeping the most; empty: a cancellation keeps nothing.
 */
export function parseCancellationFees(raw: string): CancellationFee[] | { error: string } {
  if (raw.trim() === '') return [];
  const fees: CancellationFee[] = [];
  for (const part of raw.split(',')) {
    const m = /^\s*(\d{1,4})\s*:\s*(\d{1,3})\s*$/.exec(part);
    const fee = m && { withinHours: Number(m[1]), keptPercent: Number(m[2]) };
    if (!fee || fee.keptPercent > 100)
      return { error: `must be hours:percent pairs such as 48:50,24:100 (percent at most 100), not "${part.trim()}"` };
    fees.push(fee);
  }
  fees.sort((a, b) => b.withinHours - a.withinHours);
  for (let i = 1; i < fees.length; i++) {
    const [earlier, later] = [fees[i - 1], fees[i]] as [CancellationFee, CancellationFee];
    if (later.withinHours === earlier.withinHours) return { error: `names ${later.withinHours} hours twice` };
    if (later.keptPercent < earlier.keptPercent)
      return {
        error: `keeps less nearer the start (${later.withinHours}:${later.keptPercent} after ${earlier.withinHours}:${earlier.keptPercent})`,
      };
  }
  return fees;
}

/** The percent of the price a cancellation keeps `hoursBefore` the start. */
export function keptPercent(fees: readonly CancellationFee[], hoursBefore: number): number {
  return fees.reduce((kept, fee) => (hoursBefore < fee.withinHours ? Math.max(kept, fee.keptPercent) : kept), 0);
}

/** The booking rules of the settings; a minimum above the maximum is refused in one line. */
export function bookingRulesOf(env: RuleSettings): StudioRules {
  if (env.BOOKING_MIN_HOURS > env.BOOKING_MAX_HOURS)
    throw new Error(
      `BOOKING_MIN_HOURS (${env.BOOKING_MIN_HOURS}) is more than BOOKING_MAX_HOURS (${env.BOOKING_MAX_HOURS}): no booking could be made.`,
    );
  return {
    minHours: env.BOOKING_MIN_HOURS,
    maxHours: env.BOOKING_MAX_HOURS,
    bufferHours: env.BOOKING_BUFFER_HOURS,
    depositPercent: env.BOOKING_DEPOSIT_PERCENT,
    holdHours: env.BOOKING_HOLD_HOURS,
    noticeHours: env.BOOKING_NOTICE_HOURS,
    cancellationFees: env.BOOKING_CANCELLATION_FEES,
  };
}

/** The rules the page is told (the fees are the service's). */
export const publicRules = ({ cancellationFees: _fees, ...rules }: StudioRules): BookingRules => rules;
