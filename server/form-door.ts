import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { unsafeText } from '@/lib/forms/text-safety';
import { WAITLIST_KEY } from '@/lib/sessions/choice';
import { type Refill, refillForm, type SitePage } from './form-refill';
import { hasPrototypeKey, PROTOTYPE_KEYS } from './http';

/** A body as the door lets it in: a flat object of text and lists of text, from JSON or from an HTML form. */
export interface DoorBody {
  /** 'json' from the site's script; 'form' from an HTML form sent without JavaScript. */
  readonly kind: 'json' | 'form';
  readonly fields: Readonly<Record<string, string | string[]>>;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);

type Verdict = { ok: true; fields: Record<string, string | string[]> } | { ok: false; errors: Record<string, string> };

/** Why a text cannot come in at all, or undefined (tab and line breaks are left to each field's declaration). */
const badText = (value: string) => unsafeText(value, true);

/** Checks a parsed JSON body: a flat object whose values are text or lists of text, all clean. */
function checkJson(value: unknown): Verdict {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, errors: { '': 'The body must be a JSON object.' } };
  }
  if (hasPrototypeKey(value)) return { ok: false, errors: { '': 'The body holds a forbidden key.' } };
  const fields: Record<string, string | string[]> = {};
  const errors: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    const bad = badText(key);
    if (bad) errors[''] = `A field name: ${bad.toLowerCase()}`;
    else if (typeof item === 'string') {
      const problem = badText(item);
      if (problem) errors[key] = problem;
      else fields[key] = item;
    } else if (Array.isArray(item) && item.every((v): v is string => typeof v === 'string')) {
      const problem = item.map(badText).find(Boolean);
      if (problem) errors[key] = problem;
      else fields[key] = item;
    } else if (key === WAITLIST_KEY && typeof item === 'boolean') {
      // A registration's choice to wait for a seat: the one value that is not text.
      if (item) fields[key] = 'true';
    } else errors[key] = 'Must be text';
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, fields };
}

/** An HTML form's fields (application/x-www-form-urlencoded), repeated keys as lists, unchecked. */
export function urlEncodedFields(text: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = Object.create(null);
  for (const [key, item] of new URLSearchParams(text)) {
    const before = fields[key];
    fields[key] = before === undefined ? item : [...(Array.isArray(before) ? before : [before]), item];
  }
  return fields;
}

/** Checks an HTML form's fields (application/x-www-form-urlencoded): repeated keys become lists. */
export function checkUrlEncoded(text: string): Verdict {
  const errors: Record<string, string> = {};
  for (const [key, item] of new URLSearchParams(text)) {
    if (PROTOTYPE_KEYS.has(key)) return { ok: false, errors: { '': 'The body holds a forbidden key.' } };
    const problem = badText(key) ?? badText(item);
    if (problem) errors[key] = problem;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, fields: { ...urlEncodedFields(text) } };
}

export const invalidMessage = 'Some fields are missing or not valid.';

/** A small page listing what was wrong, for a form sent without JavaScript, with a link back. */
function messagePage(title: string, messages: readonly string[], back: string): string {
  const items = messages.map((m) => `<li>${escapeHtml(m)}</li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${items ? `<ul>${items}</ul>` : ''}<p><a href="${escapeHtml(back)}">Back to the form</a></p></main></body></html>`;
}

/** Whether a request carries an HTML form (sent without JavaScript), which is answered with a page. */
export const isFormPost = (c: Context) =>
  c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';

/** What a page answer to an HTML form shows. */
export interface FormPageAnswer {
  /** The form's own page, when the Referer does not name one (a browser that sends no Referer). */
  readonly page?: string | undefined;
  readonly values?: Readonly<Record<string, string | string[]>>;
  readonly errors?: Readonly<Record<string, string>>;
  readonly summary: string;
  readonly outcome?: 'refused' | 'done';
  readonly offer?: Refill['offer'];
}

/**
 * Answers an HTML form with its own page from the built site (the page it was sent from, else the
 * form's declared page), filled in again with what was sent and showing the messages; a small page
 * of its own only when neither page holds the form (a site without its built pages).
 */
export async function formPageAnswer(
  c: Context,
  sitePage: SitePage | undefined,
  answer: FormPageAnswer,
  status: ContentfulStatusCode,
): Promise<Response> {
  const back = backPath(c.req.header('referer'), c.req.url);
  const action = new URL(c.req.url).pathname;
  const values = answer.values ?? {};
  const errors = answer.errors ?? {};
  for (const pagePath of new Set([back, answer.page ?? back])) {
    const page = pagePath === '/' || !sitePage ? undefined : await sitePage(pagePath);
    const filled =
      page &&
      refillForm(page, {
        action,
        values,
        errors,
        summary: answer.summary,
        outcome: answer.outcome ?? 'refused',
        ...(answer.offer ? { offer: answer.offer } : {}),
      });
    if (filled) return c.html(filled, status);
  }
  return c.html(messagePage(answer.summary, Object.values(errors), answer.page ?? back), status);
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

/**
 * The door of every public POST: reads the body as JSON or as an HTML form, and refuses with 400
 * (415 for other content types) anything that is not a flat object of clean text: malformed JSON,
 * keys that reach a prototype anywhere, nested objects, numbers or other non-text values, NUL and
 * other control characters, lone surrogates. What passes is in `c.req.valid('json')`.
 */
export const formDoor =
  (
    sitePage?: SitePage,
    pageOf?: (c: Context) => string | undefined,
  ): MiddlewareHandler<object, string, { in: { json: Record<string, string | string[]> }; out: { json: DoorBody } }> =>
  async (c, next) => {
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    // text/plain: JSON sent as a simple request, as pages send it to a form endpoint (lib/submit.ts).
    const kind =
      type === 'application/json' || type === 'text/plain'
        ? 'json'
        : type === 'application/x-www-form-urlencoded'
          ? 'form'
          : undefined;
    if (!kind) {
      return c.json({ message: 'Send the form as JSON (Content-Type: application/json).', errors: {} }, 415);
    }
    const text = await c.req.text();
    let verdict: Verdict;
    if (kind === 'form') verdict = checkUrlEncoded(text);
    else {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return c.json({ message: 'The body is not valid JSON.', errors: {} }, 400);
      }
      verdict = checkJson(parsed);
    }
    if (!verdict.ok) {
      if (kind === 'form') {
        const answer = {
          page: pageOf?.(c),
          values: urlEncodedFields(text),
          errors: verdict.errors,
          summary: invalidMessage,
        };
        return formPageAnswer(c, sitePage, answer, 400);
      }
      return c.json({ message: invalidMessage, errors: verdict.errors }, 400);
    }
    c.req.addValidatedData('json', { kind, fields: verdict.fields });
    await next();
  };
