/**
 * A visitor form's rules, as plain functions: every input is a parameter (the form, what came
 * through the door, the sessions' facts, the clock, where the page came from, what the store did),
 * and the result is an `Outcome` (server/platform/outcome.ts) or the payload to store. No request, no
 * database: the form routes (server/service.ts) read, call `decideForm`, store, call
 * `storedOutcome`, and answer.
 */
import { checkFormPost, checkPayload, type Checked, type FixedFacts } from '@/lib/forms/declaration';
import { HONEYPOT_NAME } from '@/lib/forms/anti-spam';
import { type Person, personOf } from '@/lib/forms/person';
import type { AnyForm } from '@/lib/forms/registry';
import { formTimestamp } from '@/lib/forms/timestamp';
import { INTAKE_KEY } from '@/lib/sessions/intake';
import type { DoorBody } from './form-door';
import { type Outcome, outcomeMessages } from '../platform/outcome';

/**
 * What the sessions service knows of a registration (server/sessions/sessions.ts), read before deciding:
 * the form's fixed values now (the masterclass's bookable sessions), the body without its waitlist
 * choice and intake, the intake's id, or why the intake cannot be chosen.
 */
export interface FormFacts {
  readonly fixed: FixedFacts;
  /** Whether the visitor asked to wait for a seat when the session is full ("waitlist": true). */
  readonly wait: boolean;
  readonly split:
    | { ok: true; body: DoorBody; intake?: string }
    | { ok: false; message: string; field?: string; full?: boolean };
}

/** The facts of a form that is not a registration: nothing fixed, nothing split off. */
export const noFacts = (body: DoorBody): FormFacts => ({ fixed: {}, wait: false, split: { ok: true, body } });

export interface FormInput {
  readonly form: AnyForm;
  /** What came through the door (server/forms/form-door.ts), as sent. */
  readonly sent: DoorBody;
  readonly facts: FormFacts;
  readonly now: Date;
  /** The origin of the pages the form was sent from when it is another of the site's origins, else ''. */
  readonly pageOrigin: string;
}

/** What to store: the checked payload, who it is from, and whether to wait for a seat when its session is full. */
export interface ToStore {
  readonly kind: 'store';
  readonly payload: Record<string, unknown>;
  /** The sender, by the roles of the form's fields: stored beside the payload. */
  readonly person: Person;
  readonly wait: boolean;
}

/** What the store made of a payload. */
export type StoreResult =
  | { readonly kind: 'stored' }
  /** The session was full and the registration joined its waitlist. */
  | { readonly kind: 'waiting'; readonly message: string; readonly place: number }
  /** The session was full (and the visitor did not ask to wait, or it names no session): the next one with seats, told. */
  | { readonly kind: 'full'; readonly message: string };

/** True for an HTML form whose hidden honeypot field was filled in: a bot. */
const isBot = (body: DoorBody) => body.kind === 'form' && Boolean(body.fields[HONEYPOT_NAME]);

/**
 * Checks a body with the form's declaration: a JSON payload, or an HTML form's values (without the
 * honeypot, already looked at), whose time fields are written in India time at `now`.
 */
function check(form: AnyForm, body: DoorBody, now: Date, facts: FixedFacts): Checked {
  if (body.kind === 'json') return checkPayload(form, body.fields, facts);
  const { [HONEYPOT_NAME]: _honeypot, ...fields } = body.fields;
  return checkFormPost(form, fields, formTimestamp(now), facts);
}

/** A stored form's outcome: the form's thanks, and the page it leads to (on the pages' own origin). */
const stored = (form: AnyForm, pageOrigin: string): Outcome => {
  const to = form.declaration.successPath;
  const summary = form.messages.success ?? outcomeMessages.stored;
  return to ? { kind: 'stored', summary, to: `${pageOrigin}${to}` } : { kind: 'stored', summary };
};

/**
 * The decision before storing: a bot is sent on as if it had worked (nothing stored); a session or
 * intake that cannot be chosen (refused as full when none has a seat, so the waitlist is offered),
 * or a body the declaration refuses, is refused with each message beside its field; else the
 * checked payload (with its intake) is to be stored.
 */
export function decideForm({ form, sent, facts, now, pageOrigin }: FormInput): ToStore | Outcome {
  if (isBot(sent)) return stored(form, pageOrigin);
  const { split } = facts;
  if (!split.ok) {
    const field = split.field ?? INTAKE_KEY;
    // Nothing named has a seat: refused as full, so the waitlist is offered (with or without JavaScript).
    if (split.full) return { kind: 'full', message: split.message, field };
    return { kind: 'refused', status: 400, message: split.message, errors: { [field]: split.message } };
  }
  const checked = check(form, split.body, now, facts.fixed);
  if (!checked.ok) return { kind: 'refused', status: 400, message: outcomeMessages.invalid, errors: checked.errors };
  const payload = split.intake ? { ...checked.payload, [INTAKE_KEY]: split.intake } : checked.payload;
  return { kind: 'store', payload, person: personOf(form.declaration, payload), wait: facts.wait };
}

/** The decision after storing: stored, on the waitlist, or full (the session's or the intake's field marked). */
export function storedOutcome(form: AnyForm, result: StoreResult, pageOrigin: string): Outcome {
  switch (result.kind) {
    case 'stored':
      return stored(form, pageOrigin);
    case 'waiting':
      return { kind: 'waiting', message: result.message, place: result.place };
    case 'full':
      return { kind: 'full', message: result.message, field: form.name === 'masterclass' ? 'schedule' : INTAKE_KEY };
  }
}
