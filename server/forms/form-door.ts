import type { MiddlewareHandler } from 'hono';
import { unsafeText } from '@/lib/forms/text-safety';
import { WAITLIST_KEY } from '@/lib/sessions/choice';
import type { SitePage } from '../platform/form-refill';
import { hasPrototypeKey, PROTOTYPE_KEYS } from '../platform/http';
import { answer, type FormEnv, howOf, outcomeMessages, urlEncodedFields } from '../platform/outcome';

/** A body as the door lets it in: a flat object of text and lists of text, from JSON or from an HTML form. */
export interface DoorBody {
  /** 'json' from the site's script; 'form' from an HTML form sent without JavaScript. */
  readonly kind: 'json' | 'form';
  readonly fields: Readonly<Record<string, string | string[]>>;
}

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

/**
 * The door of every public POST: reads the body as JSON or as an HTML form, and refuses with 400
 * (415 for other content types) anything that is not a flat object of clean text: malformed JSON,
 * keys that reach a prototype anywhere, nested objects, numbers or other non-text values, NUL and
 * other control characters, lone surrogates. What passes is in `c.req.valid('json')`. A refused
 * HTML form gets its page (the form routes' `formPage`) back, filled in as sent.
 */
export const formDoor =
  (
    sitePage?: SitePage,
  ): MiddlewareHandler<FormEnv, string, { in: { json: Record<string, string | string[]> }; out: { json: DoorBody } }> =>
  async (c, next) => {
    const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
    // text/plain: JSON sent as a simple request, as pages send it to a form endpoint (lib/submit.ts).
    const kind =
      type === 'application/json' || type === 'text/plain'
        ? 'json'
        : type === 'application/x-www-form-urlencoded'
          ? 'form'
          : undefined;
    const how = await howOf(c, { sitePage, page: c.get('formPage'), values: 'sent' });
    const refused = (status: 400 | 415, message: string, errors: Record<string, string>) =>
      answer(c, { kind: 'refused', status, message, errors }, how);
    if (!kind) return refused(415, 'Send the form as JSON (Content-Type: application/json).', {});
    const text = await c.req.text();
    let verdict: Verdict;
    if (kind === 'form') verdict = checkUrlEncoded(text);
    else {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return refused(400, 'The body is not valid JSON.', {});
      }
      verdict = checkJson(parsed);
    }
    if (!verdict.ok) return refused(400, outcomeMessages.invalid, verdict.errors);
    c.req.addValidatedData('json', { kind, fields: verdict.fields });
    await next();
  };
