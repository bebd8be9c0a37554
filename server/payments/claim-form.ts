import type { MiddlewareHandler } from 'hono';
import { claimMessages, claimProblems, type ClaimInput } from '@/lib/payments/claim';
import { payableOfPrefix, type ReferencePrefix } from '@/lib/payments/payables';
import { createReference } from '@/lib/payments/reference';
import { checkUrlEncoded } from '../forms/form-door';
import type { SitePage } from '../platform/form-refill';
import { answer, howOf, isFormPost, type Outcome, outcomeMessages } from '../platform/outcome';
import { addClaim } from './claims-store';
import type { Store } from '../store/store';

type Fields = Readonly<Record<string, string | string[]>>;

/** Refused with each message beside its field, under the forms' summary. */
const refused = (
  status: 400 | 409,
  errors: Record<string, string>,
  message: string = outcomeMessages.invalid,
): Outcome => ({
  kind: 'refused',
  status,
  message,
  errors,
  summary: outcomeMessages.invalid,
});

/**
 * A payment claim sent as an HTML form, decided: the claim to store (the reference made from the
 * page's prefix by `reference` when the page's script made none), or why it is refused.
 */
export function decideClaimForm(
  values: Fields,
  reference: (prefix: ReferencePrefix) => string,
): { kind: 'store'; input: ClaimInput } | Outcome {
  const one = (key: string) => {
    const value = values[key];
    return typeof value === 'string' ? value : undefined;
  };
  const repeated = Object.keys(values).filter((key) => Array.isArray(values[key]));
  if (repeated.length > 0)
    return refused(400, Object.fromEntries(repeated.map((key) => [key, 'Sent more than once: send it once.'])));
  const payable = payableOfPrefix(one('prefix'));
  const input: ClaimInput = {
    utr: (one('utr') ?? '').replace(/\s/g, ''),
    contact: (one('contact') ?? '').trim(),
    // A booking's deposit carries the booking's own reference; the other kinds' is made when missing.
    reference: one('reference') || (payable && payable.effect !== 'confirms-booking' ? reference(payable.prefix) : ''),
    amountPaise: Number(one('amountPaise') ?? Number.NaN),
    ...(one('state') ? { state: one('state') } : {}),
  };
  const problems = claimProblems(input);
  return Object.keys(problems).length > 0 ? refused(400, problems) : { kind: 'store', input };
}

/** A stored claim's outcome (the reference to quote on WhatsApp), or the UTR claimed before. */
export const claimOutcome = (input: ClaimInput, stored: boolean): Outcome =>
  stored
    ? {
        kind: 'received',
        status: 201,
        message: claimMessages.received,
        summary: `${claimMessages.received} Your payment reference: ${input.reference}. ${claimMessages.receivedNext}`,
      }
    : refused(409, { utr: claimMessages.duplicate }, claimMessages.duplicate);

/**
 * A payment claim sent without JavaScript (an HTML form: utr, contact, the page's amount and
 * reference prefix, and the reference when the page's script made one). The service makes the
 * reference when the page had none, stores the claim like the script's, and answers with the payment
 * page itself: the outcome and the reference to quote on WhatsApp, or the form filled in again with
 * each message beside its field. Requests that are not HTML forms go on to the JSON route.
 */
export function claimFormPost(store: Store, sitePage: SitePage | undefined): MiddlewareHandler {
  return async (c, next) => {
    if (!isFormPost(c)) return next();
    const door = checkUrlEncoded(await c.req.text());
    const values = door.ok ? door.fields : {};
    const page = payableOfPrefix(values.prefix)?.page;
    const how = await howOf(c, { sitePage, page, values });
    if (!door.ok) return answer(c, refused(400, door.errors), how);
    const decided = decideClaimForm(values, createReference);
    if (decided.kind !== 'store') return answer(c, decided, how);
    const id = await addClaim(store, decided.input);
    return answer(c, claimOutcome(decided.input, id !== undefined), how);
  };
}
