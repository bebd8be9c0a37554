import { boolean, object, type AnyObjectSchema, type AnySchema } from 'yup';
import type { FormOption } from '@/content/forms/options';
import { checkTimestamp } from './timestamp';
import { joinList, splitJoin } from './rules';
import { unsafeText } from './text-safety';
import { fieldErrorsOf } from './validate';

/** How a form's payload travels when an external endpoint is configured (spec part 2, §7). */
export type Transport = 'json' | 'script';

/** The control a field is shown as. */
type Control = 'text' | 'email' | 'tel' | 'url' | 'textarea' | 'select' | 'radio' | 'checkboxes' | 'checkbox';

/** A payload as sent: the spec's exact keys, text (or, for the pro audio form, lists of text). */
export type Payload = Record<string, string | string[]>;

/** What a field says of who sent the form: the service keeps it beside the payload (lib/forms/person). */
export type PersonRole = 'name' | 'email' | 'phone';

/** One field of a form, declared once: everything below is derived from this. */
export interface FieldDeclaration<V extends object> {
  /** The key of the form's values (and the control's `name`). */
  readonly key: keyof V & string;
  /** The key in the spec's payload; none for a field that is never sent (a consent box). */
  readonly payloadKey?: string;
  /** The visible label, also the dashboard's column label and the CSV header. */
  readonly label: string;
  /** The field holds the sender's name, e-mail or phone (at most one field of a form per role). */
  readonly role?: PersonRole;
  readonly control: Control;
  /** The choices of a select, radio or checkbox field. */
  readonly options?: readonly FormOption[];
  /** Checkbox groups shown with headings (the options are the union of the groups). */
  readonly groups?: ReadonlyArray<{ readonly heading: string; readonly options: readonly FormOption[] }>;
  /** The rule with the spec's messages; its first required/min message is the field's required message. */
  readonly rule: AnySchema;
  /** Shows the required marker. */
  readonly required?: boolean;
  /** Most characters the field accepts (a list: its joined text). Every field has one. */
  readonly max: number;
  /** False keeps the field out of the session draft (consents). */
  readonly keepInDraft?: boolean;
  /** The value of an empty form (default: "" for text, [] for lists, false for a flag). */
  readonly initial?: string;
  /** Shown, and sent, only when this is true (an "other" text); hidden fields are sent as "". */
  readonly shownWhen?: (values: V) => boolean;
  // How the field is shown.
  readonly hint?: string;
  readonly autoComplete?: string;
  readonly inputMode?: 'text' | 'email' | 'tel' | 'url' | 'numeric';
  /** A typing rule applied on every change (lib/forms/typing). */
  readonly typing?: (value: string) => string;
  readonly rows?: number;
  readonly autoFocus?: boolean;
  /** Takes half the row on wide screens, beside its neighbour. */
  readonly half?: boolean;
  readonly inline?: boolean;
}

/** The texts a form shows around sending: its button, in-progress label and outcome messages. */
interface OutcomeMessages {
  readonly submit: string;
  readonly busy: string;
  /** Shown after a successful send (forms that navigate away may show it briefly or not at all). */
  readonly success?: string;
  /** The service answered with a failure status. */
  readonly failed: string;
  /** The request could not be made (network error). */
  readonly networkError: string;
}

/** A whole form, declared once in lib/forms/<form>/index.ts. */
export interface FormDeclaration<V extends object, N extends string = string> {
  readonly name: N;
  /** The form's name for staff (dashboard heading). */
  readonly title: string;
  readonly transport: Transport;
  readonly fields: readonly FieldDeclaration<V>[];
  /** Where the payload's Timestamp goes (certification lists it first); none: no Timestamp. */
  readonly timestamp?: 'first' | 'last';
  /**
   * Payload keys with a value the form gives (the masterclass schedule). What the form sends and
   * what the service takes come from outside the declaration, as `FixedFacts` (the sessions of the
   * moment); without them, the declaration's own `value` is sent and the only value taken.
   */
  readonly fixed?: Readonly<Record<string, FixedValue>>;
  /** Lists travel joined by ", " (the spec's visitor forms) or as JSON arrays (the pro audio form). */
  readonly lists: 'joined' | 'array';
  readonly messages: OutcomeMessages;
  /** Where the visitor goes after a successful send; none stays on the page. */
  readonly successPath?: string;
  /** The form's own page: the service answers a form sent without JavaScript with it (filled in again). */
  readonly page: string;
}

/** Everything derived from a declaration: what the engine, the service and the dashboard use. */
export interface FormModule<V extends object, N extends string = string> {
  readonly declaration: FormDeclaration<V, N>;
  readonly name: N;
  readonly title: string;
  readonly schema: AnyObjectSchema;
  readonly initialValues: V;
  readonly payloadKeys: readonly string[];
  readonly toPayload: (values: V, timestamp: string, facts?: FixedFacts) => Payload;
  /** toPayload for values the schema has already cast (what validateSync returns). */
  readonly payloadOfCast: (values: V, timestamp: string, facts?: FixedFacts) => Payload;
  /** The schema of the fields that travel in a JSON payload (consents and the like omitted). */
  readonly sentSchema: AnyObjectSchema;
  /** The form field each payload key comes from, to show the service's field errors in place. */
  readonly fieldOfPayloadKey: Readonly<Record<string, keyof V & string>>;
  readonly messages: OutcomeMessages;
  /** Fields never written to the session draft. */
  readonly draftOmit: readonly (keyof V & string)[];
  /** The label of each payload key (dashboard columns, CSV headers), in payload order. */
  readonly labels: Readonly<Record<string, string>>;
}

const TIMESTAMP = 'Timestamp';
const isList = (f: { control: Control }) => f.control === 'checkboxes';
const isFlag = (f: { control: Control }) => f.control === 'checkbox';

/** The option values a choice field accepts. */
export function optionValuesOf(field: Pick<FieldDeclaration<object>, 'options' | 'groups'>): string[] {
  const all = field.groups ? field.groups.flatMap((g) => g.options) : (field.options ?? []);
  return all.map((o) => o.value);
}

/** A payload value the visitor does not choose. */
interface FixedValue {
  /** The dashboard's column label. */
  readonly label: string;
  /** What the form sends, and every value the service takes, when no facts are given (the build's sessions). */
  readonly value: () => string;
  readonly accepted: () => readonly string[];
  /** Said when a page's post (without JavaScript) carries a value the service no longer accepts. */
  readonly refused: string;
}

/**
 * The facts of the moment for a form's fixed keys, given by the caller: `value` is what a payload
 * without a choice carries, `accepted` every value a payload may carry (the sessions listed, each
 * of which the visitor may have picked).
 */
export type FixedFacts = Readonly<Record<string, { readonly value: string; readonly accepted: readonly string[] }>>;

/** Builds a form's schema, initial values, payload mapping and labels from its declaration. */
export function defineForm<V extends object, N extends string>(decl: FormDeclaration<V, N>): FormModule<V, N> {
  const shape = Object.fromEntries(decl.fields.map((f) => [f.key, f.rule]));
  const schema = object(shape);
  const initialValues = Object.fromEntries(
    decl.fields.map((f) => [f.key, isList(f) ? [] : isFlag(f) ? false : (f.initial ?? '')]),
  ) as V;
  const sent = decl.fields.filter((f) => f.payloadKey !== undefined);
  const fixedKeys = Object.keys(decl.fixed ?? {});
  const payloadKeys = [
    ...(decl.timestamp === 'first' ? [TIMESTAMP] : []),
    ...sent.map((f) => f.payloadKey as string),
    ...fixedKeys,
    ...(decl.timestamp === 'last' ? [TIMESTAMP] : []),
  ];
  const labels: Record<string, string> = {};
  for (const key of payloadKeys)
    labels[key] = sent.find((f) => f.payloadKey === key)?.label ?? decl.fixed?.[key]?.label ?? key;

  /** The payload of values the schema has already cast (trimmed, markup removed). */
  const payloadOfCast = (values: V, timestamp: string, facts: FixedFacts = {}): Payload => {
    const cast = values as Record<string, unknown>;
    const out: Record<string, string | string[]> = {};
    for (const key of payloadKeys) {
      if (key === TIMESTAMP) out[key] = timestamp;
      else if (key in (decl.fixed ?? {})) out[key] = facts[key]?.value ?? decl.fixed?.[key]?.value() ?? '';
      else {
        const f = sent.find((s) => s.payloadKey === key) as FieldDeclaration<V>;
        const value = f.shownWhen && !f.shownWhen(values) ? (isList(f) ? [] : '') : cast[f.key];
        if (Array.isArray(value)) out[key] = decl.lists === 'joined' ? joinList(value) : value.map(String);
        else out[key] = typeof value === 'string' ? value : '';
      }
    }
    return out;
  };
  let sentSchema: AnyObjectSchema | undefined;
  // The schema's own transforms (trim, markup removed) give the values as they are checked.
  const toPayload = (values: V, timestamp: string, facts?: FixedFacts): Payload =>
    payloadOfCast(schema.cast(values, { assert: false }) as V, timestamp, facts);

  return {
    declaration: decl,
    name: decl.name,
    title: decl.title,
    schema,
    initialValues,
    payloadKeys,
    toPayload,
    payloadOfCast,
    // Built on first use: only the service checks JSON payloads, so a form page never pays for it.
    get sentSchema() {
      sentSchema ??= schema.omit(decl.fields.filter((f) => !f.payloadKey).map((f) => f.key) as (keyof V & string)[]);
      return sentSchema;
    },
    fieldOfPayloadKey: Object.fromEntries(sent.map((f) => [f.payloadKey, f.key])),
    messages: decl.messages,
    draftOmit: decl.fields.filter((f) => f.keepInDraft === false).map((f) => f.key),
    labels,
  };
}

/** The outcome of checking a submission: the payload to store, or one message per key. */
export type Checked = { ok: true; payload: Payload } | { ok: false; errors: Record<string, string> };

/** Why a text cannot be stored as it is, or undefined. */
function textProblem(value: string, max: number, long: boolean): string | undefined {
  const unsafe = unsafeText(value, long);
  if (unsafe) return unsafe;
  if (value.length > max) return `Must be at most ${max} characters`;
  return undefined;
}

/**
 * Checks values against a form's rules and limits, and returns the payload to store (always made
 * by `toPayload` from the checked values, so what is stored has the same shape as what the form
 * sends). `only` limits the check to the fields that travel in a JSON payload.
 */
function checkValues<V extends object>(
  form: FormModule<V>,
  raw: Record<string, unknown>,
  timestamp: string,
  sentOnly: boolean,
  facts: FixedFacts,
): Checked {
  const { fields } = form.declaration;
  const errors: Record<string, string> = {};
  const where = (f: FieldDeclaration<V>) => (sentOnly ? (f.payloadKey as string) : f.key);
  for (const f of fields) {
    const value = raw[f.key];
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      const problem = typeof item === 'string' ? textProblem(item, f.max, f.control === 'textarea') : undefined;
      if (problem) errors[where(f)] ??= problem;
    }
    if (isList(f) && Array.isArray(value) && joinList(value.map(String)).length > f.max)
      errors[where(f)] ??= `Must be at most ${f.max} characters`;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const checked = sentOnly ? form.sentSchema : form.schema;
  try {
    const values = checked.validateSync(raw, { abortEarly: false }) as V;
    return { ok: true, payload: form.payloadOfCast(values, timestamp, facts) };
  } catch (error) {
    const byField = fieldErrorsOf(error);
    for (const f of fields) if (byField[f.key]) errors[where(f)] = byField[f.key] as string;
    return { ok: false, errors };
  }
}

/**
 * Checks a JSON payload (the spec's keys) that the service's door has already found to be a flat
 * object of text and text lists. Unknown keys are refused, each key must have its declared type
 * (text, or for the pro audio form's lists a list of text), the Timestamp must be a date-time and
 * a fixed key its fixed value.
 */
export function checkPayload<V extends object>(
  form: FormModule<V>,
  body: Readonly<Record<string, unknown>>,
  facts: FixedFacts = {},
): Checked {
  const decl = form.declaration;
  const errors: Record<string, string> = {};
  for (const key of Object.keys(body)) if (!form.payloadKeys.includes(key)) errors[key] = 'Unknown field';
  const values: Record<string, unknown> = { ...(form.initialValues as Record<string, unknown>) };
  for (const f of decl.fields) {
    const key = f.payloadKey;
    if (key === undefined || body[key] === undefined) continue;
    const value = body[key];
    if (isList(f) && decl.lists === 'array') {
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) errors[key] = 'Must be a list of text';
      else if (new Set(value).size !== value.length) errors[key] = 'Each value may appear once';
      else values[f.key] = value;
    } else if (typeof value !== 'string') errors[key] = 'Must be text';
    else if (isList(f)) values[f.key] = value === '' ? [] : (splitJoin(value, optionValuesOf(f)) ?? [value]);
    else values[f.key] = value;
  }
  const fixed = fixedValuesSent(decl, body, true, facts);
  for (const [key, message] of Object.entries(fixed.errors)) errors[key] ??= message;
  let timestamp = '';
  if (decl.timestamp) {
    const stamp = body[TIMESTAMP];
    if (typeof stamp !== 'string' || stamp.trim() === '') errors[TIMESTAMP] ??= 'Timestamp is required';
    else if (!checkTimestamp(stamp)) errors[TIMESTAMP] ??= 'Timestamp must be a date and time';
    else timestamp = stamp.trim();
  }
  const result = checkValues(form, values, timestamp, true, facts);
  if (Object.keys(errors).length > 0) return { ok: false, errors: { ...(result.ok ? {} : result.errors), ...errors } };
  return result.ok ? { ok: true, payload: { ...result.payload, ...fixed.chosen } } : result;
}

/**
 * The values of a form's fixed keys as sent (the masterclass session the visitor chose), each one
 * the service accepts; `required`: a JSON payload must carry each (a page's post may leave it to
 * the form's own value).
 */
function fixedValuesSent(
  decl: Pick<FormDeclaration<object>, 'fixed'>,
  body: Readonly<Record<string, unknown>>,
  required: boolean,
  facts: FixedFacts,
): { chosen: Record<string, string>; errors: Record<string, string> } {
  const chosen: Record<string, string> = {};
  const errors: Record<string, string> = {};
  for (const [key, fixed] of Object.entries(decl.fixed ?? {})) {
    const sent = body[key];
    const value = facts[key]?.value ?? fixed.value();
    if (sent === undefined && !required) continue;
    if (Array.isArray(sent)) errors[key] = repeatedMessage;
    else if (typeof sent === 'string' && (facts[key]?.accepted ?? fixed.accepted()).includes(sent)) chosen[key] = sent;
    else errors[key] = required ? `Must be "${value}"` : fixed.refused;
  }
  return { chosen, errors };
}

/**
 * Checks a form sent without JavaScript (application/x-www-form-urlencoded: the values' own keys,
 * lists as repeated keys, a ticked box as "on"), every field including consents, stamped with
 * `timestamp`. Keys that are not fields (the honeypot) are the caller's business.
 */
export function checkFormPost<V extends object>(
  form: FormModule<V>,
  body: Readonly<Record<string, string | string[]>>,
  timestamp: string,
  facts: FixedFacts = {},
): Checked {
  const repeated: Record<string, string> = {};
  for (const f of form.declaration.fields)
    if (!isList(f) && Array.isArray(body[f.key])) repeated[f.key] = repeatedMessage;
  if (Object.keys(repeated).length > 0) return { ok: false, errors: repeated };
  const fixed = fixedValuesSent(form.declaration, body, false, facts);
  const result = checkValues(form, formValuesOf(form, body) as Record<string, unknown>, timestamp, false, facts);
  if (Object.keys(fixed.errors).length > 0)
    return { ok: false, errors: { ...(result.ok ? {} : result.errors), ...fixed.errors } };
  return result.ok ? { ok: true, payload: { ...result.payload, ...fixed.chosen } } : result;
}

/** The message for a field that is not a list but came more than once in an HTML form's post. */
const repeatedMessage = 'This field was sent more than once: send it once, with one value.';

/**
 * A form's values from the controls of an HTML form (an urlencoded post, or the page's own form
 * read before its script ran): the values' own keys, lists as repeated keys, a ticked box as "on",
 * each text through its field's typing rule; a field not present keeps its initial value. A repeated key of a single field keeps its last value
 * (the service refuses it first: see checkFormPost).
 */
export function formValuesOf<V extends object>(
  form: FormModule<V>,
  body: Readonly<Record<string, string | string[]>>,
): V {
  const values: Record<string, unknown> = { ...(form.initialValues as Record<string, unknown>) };
  for (const f of form.declaration.fields) {
    const value = body[f.key];
    if (value === undefined) continue;
    if (isList(f)) values[f.key] = Array.isArray(value) ? value : [value];
    else if (isFlag(f)) values[f.key] = value !== '';
    else {
      const text = Array.isArray(value) ? (value[value.length - 1] ?? '') : value;
      // The typing rule the page's script applies on each change (digits only…), which a control
      // filled without the script has not had.
      values[f.key] = f.typing ? f.typing(text) : text;
    }
  }
  return values as V;
}

/** The boolean rule of a consent box that must be ticked. */
export const mustTick = (message: string) => boolean().default(false).oneOf([true], message);
