import { postPath } from './contract';

/** The payment claim's path on the service (POST /api/payments/claims: server/claims.ts). */
const claimPath = '/api/payments/claims';

/**
 * Where a form posts when the browser sends it itself (without JavaScript, or before its script
 * runs): the one place the HTML forms' action addresses come from, so that every form, the payment
 * claims included, reaches the service with method POST and nothing typed travels in a URL.
 */
export function formAction(form: string): string {
  return form === 'payment-claim' ? claimPath : postPath(form);
}
