/**
 * The one way a service route reads a JSON body: `jsonBody` (server/forms/workspace.ts) first, with the
 * transport checks of `readJson` (content type, malformed JSON, nesting, prototype keys, unsafe
 * text), then `jsonOf(schema)`, the route's yup schema. The route
 * sees the schema's typed value through `c.req.valid('json')`, and the browser's typed client
 * (lib/service-client.ts) sends exactly that type. A refused body is 400 (415 for another content
 * type) with `{ message, errors }`: each message beside its field, the first as the summary.
 */
import type { Context } from 'hono';
import { validator } from 'hono/validator';
import {
  type AnyObject,
  type InferType,
  number,
  object,
  type ObjectSchema,
  type ObjectShape,
  string,
  ValidationError,
} from 'yup';
import { maxStoredInteger, storedIdOf } from '@/lib/stored-integer';

/** The field errors of a yup failure: the first message of each path ('' for the body as a whole). */
function fieldErrorsOf(error: ValidationError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const inner of error.inner.length > 0 ? error.inner : [error]) {
    const key = inner.path ?? '';
    if (!(key in errors)) errors[key] = inner.message;
  }
  return errors;
}

/**
 * Checks `value` with `schema`: the cast value (unknown keys refused, strings trimmed only where the
 * schema says), or the field errors. Pure: usable by tests and by non-HTTP callers alike.
 */
export function checkBody<S extends ObjectSchema<AnyObject>>(
  schema: S,
  value: unknown,
): { ok: true; value: InferType<S> } | { ok: false; message: string; errors: Record<string, string> } {
  try {
    return { ok: true, value: schema.validateSync(value, { abortEarly: false, stripUnknown: false }) };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors = fieldErrorsOf(error);
    return { ok: false, message: Object.values(errors)[0] ?? 'The body is not valid.', errors };
  }
}

/**
 * hono validator middleware, placed after `jsonBody`: the JSON body checked by `schema`, typed for
 * the route (`c.req.valid('json')`) and for the browser's client.
 */
export const jsonOf = <S extends ObjectSchema<AnyObject>>(schema: S) =>
  validator('json', (value: unknown, c: Context) => {
    const checked = checkBody(schema, value);
    if (!checked.ok) return c.json({ message: checked.message, errors: checked.errors }, 400);
    return checked.value as InferType<S>;
  });

/**
 * A body that is a JSON object of `shape`'s fields, checked as sent: strict, so that yup turns no
 * number into text and no text into a number (a wrong type is refused with its field's message),
 * and with no defaults filled in. `message` answers a body that is not an object at all.
 */
export const sentObject = <S extends ObjectShape>(shape: S, message = 'Send a JSON object.') =>
  object(shape).strict().typeError(message).nonNullable(message).required(message);

/** `sentObject`, with any field it does not name refused ("Unknown field: …"). */
export const onlyFields = <S extends ObjectShape>(shape: S, message?: string) =>
  sentObject(shape, message).noUnknown('Unknown field: ${unknown}');

/** Text, refused with `message` when sent as anything else (a number, a list, null). */
export const text = (message: string) => string().typeError(message).nonNullable(message);

/**
 * One line of text: refused with `message` when it is not sent as a string, is blank, or is longer
 * than `max` characters as sent (so checked alike in a strict body); read with each run of white
 * space as one space, trimmed, where the body is cast (a `sentObject` is read as sent unless it is
 * given `.strict(false)`).
 */
export const oneLine = (max: number, message: string) =>
  string()
    .typeError(message)
    .required(message)
    .test('one-line', message, (_value, context) => {
      const sent: unknown = context.originalValue;
      return typeof sent === 'string' && sent.trim() !== '' && sent.length <= max;
    })
    .transform((value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : value));

/**
 * hono validator middleware for the ids in a route's path (`:id`, `:entry`): each the digits of a
 * whole number a stored row can have (lib/stored-integer.ts), typed as numbers for the route; any
 * other is 404 with `message`, since no row has it.
 */
export const idParams = <K extends string>(message: string, ...names: K[]) =>
  validator('param', (value: Record<string, string>, c: Context) => {
    const ids: Partial<Record<K, number>> = {};
    for (const name of names) {
      const id = storedIdOf(value[name] ?? '');
      if (id === undefined) return c.json({ message }, 404);
      ids[name] = id;
    }
    return ids as Record<K, number>;
  });

/**
 * A whole number from 1 that a stored column can hold: an id or an amount in paise sent in a body,
 * refused with `message` when it is anything else (past the database's `integer` too).
 */
export const storedInteger = (message: string) =>
  number().typeError(message).required(message).integer(message).min(1, message).max(maxStoredInteger, message);
