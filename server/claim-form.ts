import type { MiddlewareHandler } from 'hono';
import { claimMessages, claimProblems, type ClaimInput } from '@/lib/payments/claim';
import { createReference } from '@/lib/payments/reference';
import { checkUrlEncoded, formPageAnswer, invalidMessage, isFormPost } from './form-door';
import type { SitePage } from './form-refill';
import { addClaim } from './store/claims';
import type { Store } from './store/store';

/** The payment page of each reference prefix (the claim form's hidden `prefix`). */
const pageOfPrefix = { MC: '/payment', CR: '/institute/course-payment' } as const;
type Prefix = keyof typeof pageOfPrefix;
const isPrefix = (value: unknown): value is Prefix => value === 'MC' || value === 'CR';

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
    const text = await c.req.text();
    const door = checkUrlEncoded(text);
    const values = door.ok ? door.fields : {};
    const one = (key: string) => {
      const value = values[key];
      return typeof value === 'string' ? value : undefined;
    };
    const prefix = isPrefix(one('prefix')) ? (one('prefix') as Prefix) : undefined;
    const page = prefix ? pageOfPrefix[prefix] : undefined;
    const refuse = (errors: Record<string, string>, status: 400 | 409) =>
      formPageAnswer(c, sitePage, { page, values, errors, summary: invalidMessage }, status);
    if (!door.ok) return refuse(door.errors, 400);
    const repeated = Object.keys(values).filter((key) => Array.isArray(values[key]));
    if (repeated.length > 0)
      return refuse(Object.fromEntries(repeated.map((key) => [key, 'Sent more than once: send it once.'])), 400);
    const input: ClaimInput = {
      utr: (one('utr') ?? '').replace(/\s/g, ''),
      contact: (one('contact') ?? '').trim(),
      reference: one('reference') || (prefix ? createReference(prefix) : ''),
      amountPaise: Number(one('amountPaise') ?? Number.NaN),
      ...(one('state') ? { state: one('state') } : {}),
    };
    const problems = claimProblems(input);
    if (Object.keys(problems).length > 0) return refuse(problems, 400);
    const id = await addClaim(store, input);
    if (id === undefined) return refuse({ utr: claimMessages.duplicate }, 409);
    const summary = `${claimMessages.received} Your payment reference: ${input.reference}. ${claimMessages.receivedNext}`;
    return formPageAnswer(c, sitePage, { page, summary, outcome: 'done' }, 201);
  };
}
