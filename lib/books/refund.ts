import { masterclassRefundWindowHours } from '@/content/forms/masterclass-terms';
import { indiaLabel } from '@/lib/india-time';
import { type TaxSplit, taxSplit } from './tax';

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
