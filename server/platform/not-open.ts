import type { Context, MiddlewareHandler } from 'hono';
import type { SitePage } from './form-refill';
import { answer, type FormEnv, howOf, isFormPost, type Outcome, urlEncodedFields } from './outcome';

/** What a public form or payment claim is answered while the site is in preview (SITE_LAUNCHED=no). */
export const notOpenMessage =
  'This website is not open yet: nothing was sent. Please come back after its launch; what you typed is still in the form.';

const notOpen: Outcome = { kind: 'refused', status: 503, message: notOpenMessage };

/**
 * While the site is in preview, a public form or payment claim is answered that the site is not open
 * yet, before anything is read or stored: 503 `{ message }` to the page's script, which shows the
 * message and keeps the form as typed; a form sent without JavaScript gets its page back, filled in
 * with what was sent. `pageOf` names the form's page from what was sent (else the guard before it
 * noted it, or the Referer). Launched, it lets every request through.
 */
export function closedInPreview(
  preview: boolean,
  sitePage: SitePage | undefined,
  pageOf: (c: Context<FormEnv>, fields: Readonly<Record<string, string | string[]>>) => string | undefined = (c) =>
    c.get('formPage'),
): MiddlewareHandler<FormEnv> {
  return async (c, next) => {
    if (!preview) return next();
    const sent = isFormPost(c) ? urlEncodedFields(await c.req.text()) : {};
    return answer(c, notOpen, await howOf(c, { sitePage, page: pageOf(c, sent), values: sent }));
  };
}
