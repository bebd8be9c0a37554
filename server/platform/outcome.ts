/**
 * What a public POST comes to, and the one place it is answered. A route decides an `Outcome`
 * (what happened, in the product's words) and hands it to `answer`, which renders it as the JSON
 * the site's script reads or, for a form the browser sent itself (without JavaScript), as that
 * form's own page filled in again with the message (or a 303 to the page the form leads to). No
 * route writes either answer itself, so the two can never disagree.
 */
import type { Context, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { WAITLIST_KEY } from '@/lib/sessions/choice';
import { type Refill, refillForm, type SitePage } from './form-refill';

type Fields = Readonly<Record<string, string | string[]>>;
type Errors = Readonly<Record<string, string>>;

/** The form's page, noted by the form routes for the guards that answer before them (rate and size limits). */
export type FormEnv = { Variables: { formPage?: string } };

/** Largest accepted body of a public form: a full pro audio form is about 4 KB. */
export const maxFormBytes = 16 * 1024;

export const outcomeMessages = {
  /** The spec's answer to a stored form (the pro audio form's and the inbox forms'). */
  stored: 'Form submitted successfully!',
  invalid: 'Some fields are missing or not valid.',
  tooMany: 'Too many submissions. Please wait a minute and try again.',
  tooLarge: `The submission is too large (at most ${maxFormBytes / 1024} KB).`,
  /** Without JavaScript: the body was not read, so the browser's Back button returns to the form as typed. */
  tooLargePage: `The submission is too large (at most ${maxFormBytes / 1024} KB). Nothing was sent. Go back with your browser's Back button, where what you typed is still in the form, shorten the longest text and send again.`,
  /** Beside a full session's message, without JavaScript: the form comes back with "Join the waitlist". */
  orWait: 'Or wait for a seat here: everything you typed is kept.',
} as const;

/** The second submit button of a full registration's page: the same form again, asking to wait. */
const waitlistOffer: NonNullable<Refill['offer']> = {
  name: WAITLIST_KEY,
  value: 'true',
  label: 'Join the waitlist',
};

type RefusedStatus = 400 | 401 | 404 | 409 | 410 | 413 | 415 | 503;

/** What a public POST came to. */
export type Outcome =
  /**
   * A visitor form stored (or a bot's, sent on as if it had worked): 201 `{ message }`; without
   * JavaScript a 303 to `to` (the page the form leads to), else the form's page showing `summary`.
   */
  | { readonly kind: 'stored'; readonly summary: string; readonly to?: string }
  /** A registration for a full session put on its waitlist (place 0: a seat is held for it): 202 `{ message, place }`; the page saying so. */
  | { readonly kind: 'waiting'; readonly message: string; readonly place: number }
  /**
   * A payment claim or a request taken: `status` `{ message }`; the page showing `summary` (else
   * the message), emptied, or with what was typed `kept`.
   */
  | {
      readonly kind: 'received';
      readonly status: 201 | 202;
      readonly message: string;
      readonly summary?: string;
      readonly kept?: boolean;
    }
  /**
   * Refused: `status` `{ message, errors }` (`errors` only when given); the page filled in again
   * with `summary` (else the message) at the top and each error beside its field.
   */
  | {
      readonly kind: 'refused';
      readonly status: RefusedStatus;
      readonly message: string;
      readonly errors?: Errors;
      readonly summary?: string;
    }
  /** A registration whose session or intake is full: 409 `{ message, errors: { [field]: message } }`; the page filled in again, offering the waitlist. */
  | { readonly kind: 'full'; readonly message: string; readonly field: string }
  /** Over the per-address rate limit: 429 with `Retry-After`; the page filled in again. */
  | { readonly kind: 'too-many'; readonly retryAfter: number }
  /** Over the body size limit: 413, the body unread. */
  | { readonly kind: 'too-large' };

/** How a request is answered: JSON, or the page of the form the browser sent itself. */
export type How =
  | { readonly kind: 'json' }
  | {
      readonly kind: 'page';
      readonly sitePage: SitePage | undefined;
      /** The form's own page, when the Referer does not name one (a browser that sends no Referer). */
      readonly page: string | undefined;
      /** What the visitor sent, filled in again where the outcome keeps it. */
      readonly values: Fields;
    };

/** JSON whatever the request: for answers that have no form page to show (an unknown form). */
export const asJson: How = { kind: 'json' };

/** Whether a request carries an HTML form (sent without JavaScript), which is answered with a page. */
export const isFormPost = (c: Context) =>
  c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';

/** An HTML form's fields (application/x-www-form-urlencoded), repeated keys as lists, unchecked. */
export function urlEncodedFields(text: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = Object.create(null);
  for (const [key, item] of new URLSearchParams(text)) {
    const before = fields[key];
    fields[key] = before === undefined ? item : [...(Array.isArray(before) ? before : [before]), item];
  }
  return fields;
}

/**
 * How to answer this request: the form's page for an HTML form, else JSON. `values: 'sent'` reads
 * the form's fields from the body (only for an HTML form); none leaves the page's form empty.
 */
export async function howOf(
  c: Context,
  opts: { sitePage: SitePage | undefined; page: string | undefined; values?: Fields | 'sent' },
): Promise<How> {
  if (!isFormPost(c)) return asJson;
  const values = opts.values === 'sent' ? urlEncodedFields(await c.req.text()) : (opts.values ?? {});
  return { kind: 'page', sitePage: opts.sitePage, page: opts.page, values };
}

/** An outcome as JSON: its status and body. */
function jsonAnswerOf(outcome: Outcome): { status: ContentfulStatusCode; body: Record<string, unknown> } {
  switch (outcome.kind) {
    case 'stored':
      return { status: 201, body: { message: outcomeMessages.stored } };
    case 'waiting':
      return { status: 202, body: { message: outcome.message, place: outcome.place } };
    case 'received':
      return { status: outcome.status, body: { message: outcome.message } };
    case 'refused':
      return {
        status: outcome.status,
        body: { message: outcome.message, ...(outcome.errors ? { errors: outcome.errors } : {}) },
      };
    case 'full':
      return { status: 409, body: { message: outcome.message, errors: { [outcome.field]: outcome.message } } };
    case 'too-many':
      return { status: 429, body: { message: outcomeMessages.tooMany } };
    case 'too-large':
      return { status: 413, body: { message: outcomeMessages.tooLarge } };
  }
}

/** What the form's page shows for an outcome (`values`: what the visitor sent), with the answer's status (a stored form's `to` aside). */
function pageAnswerOf(outcome: Outcome, values: Fields): { status: ContentfulStatusCode; show: FormPageAnswer } {
  switch (outcome.kind) {
    case 'stored':
      return { status: 200, show: { summary: outcome.summary, outcome: 'done' } };
    case 'waiting':
      return { status: 200, show: { summary: outcome.message, outcome: 'done' } };
    case 'received':
      return {
        status: outcome.status,
        show: { summary: outcome.summary ?? outcome.message, outcome: 'done', ...(outcome.kept ? { values } : {}) },
      };
    case 'refused':
      return {
        status: outcome.status,
        show: { values, errors: outcome.errors ?? {}, summary: outcome.summary ?? outcome.message },
      };
    case 'full':
      return {
        status: 409,
        show: { values, errors: {}, summary: `${outcome.message} ${outcomeMessages.orWait}`, offer: waitlistOffer },
      };
    case 'too-many':
      return { status: 429, show: { values, summary: outcomeMessages.tooMany } };
    case 'too-large':
      return { status: 413, show: { summary: outcomeMessages.tooLargePage } };
  }
}

type Json<T, S extends ContentfulStatusCode> = TypedResponse<T, S, 'json'>;

/**
 * An outcome's answer as the typed clients (lib/service-client.ts) read it: its JSON body and
 * status. (A page answer goes to a browser's own form post, which no typed client sends.)
 */
export type JsonAnswer<O extends Outcome> = O extends { kind: 'refused'; status: infer S extends RefusedStatus }
  ? Json<{ message: string; errors?: Errors }, S>
  : O extends { kind: 'received'; status: infer S extends 201 | 202 }
    ? Json<{ message: string }, S>
    : O extends { kind: 'stored' }
      ? Json<{ message: string }, 201>
      : O extends { kind: 'waiting' }
        ? Json<{ message: string; place: number }, 202>
        : O extends { kind: 'full' }
          ? Json<{ message: string; errors: Errors }, 409>
          : O extends { kind: 'too-many' }
            ? Json<{ message: string }, 429>
            : Json<{ message: string }, 413>;

/**
 * The one answer of every public POST: `outcome` as JSON, or (`how` a page) as the form's page
 * filled in again, or a 303 to the page a stored form leads to.
 */
export function answer<O extends Outcome>(c: Context, outcome: O, how: How): Promise<Response & JsonAnswer<O>>;
export async function answer(c: Context, outcome: Outcome, how: How): Promise<Response> {
  if (outcome.kind === 'too-many') c.header('Retry-After', String(outcome.retryAfter));
  if (how.kind === 'json') {
    const { status, body } = jsonAnswerOf(outcome);
    return c.json(body, status);
  }
  if (outcome.kind === 'stored' && outcome.to !== undefined) return c.redirect(outcome.to, 303);
  const { status, show } = pageAnswerOf(outcome, how.values);
  return formPageAnswer(c, how.sitePage, { page: how.page, ...show }, status);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);

/** A small page listing what was wrong, for a form sent without JavaScript, with a link back. */
function messagePage(title: string, messages: readonly string[], back: string): string {
  const items = messages.map((m) => `<li>${escapeHtml(m)}</li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${items ? `<ul>${items}</ul>` : ''}<p><a href="${escapeHtml(back)}">Back to the form</a></p></main></body></html>`;
}

/** What a page answer to an HTML form shows. */
interface FormPageAnswer {
  /** The form's own page, when the Referer does not name one (a browser that sends no Referer). */
  readonly page?: string | undefined;
  readonly values?: Fields;
  readonly errors?: Errors;
  readonly summary: string;
  readonly outcome?: 'refused' | 'done';
  readonly offer?: Refill['offer'];
}

/**
 * Answers an HTML form with its own page from the built site (the page it was sent from, else the
 * form's declared page), filled in again with what was sent and showing the messages; a small page
 * of its own only when neither page holds the form (a site without its built pages).
 */
async function formPageAnswer(
  c: Context,
  sitePage: SitePage | undefined,
  shown: FormPageAnswer,
  status: ContentfulStatusCode,
): Promise<Response> {
  const back = backPath(c.req.header('referer'), c.req.url);
  const action = new URL(c.req.url).pathname;
  const values = shown.values ?? {};
  const errors = shown.errors ?? {};
  for (const pagePath of new Set([back, shown.page ?? back])) {
    const page = pagePath === '/' || !sitePage ? undefined : await sitePage(pagePath);
    const filled =
      page &&
      refillForm(page, {
        action,
        values,
        errors,
        summary: shown.summary,
        outcome: shown.outcome ?? 'refused',
        ...(shown.offer ? { offer: shown.offer } : {}),
      });
    if (filled) return c.html(filled, status);
  }
  return c.html(messagePage(shown.summary, Object.values(errors), shown.page ?? back), status);
}

/** The page a form was sent from (same site only), for the "back" link; "/" when unknown. */
function backPath(referer: string | undefined, requestUrl: string): string {
  try {
    const from = new URL(referer ?? '', requestUrl);
    return from.origin === new URL(requestUrl).origin ? from.pathname : '/';
  } catch {
    return '/';
  }
}
