import { ValidationError, type AnyObjectSchema } from 'yup';
import { isPlainObject } from './http';

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

export interface BodyShape {
  /** Keys whose value must be a string. */
  strings: readonly string[];
  /** Keys whose value must be a list of strings. */
  lists: readonly string[];
  /** Keys that may be missing (the schema's default applies). */
  optional: readonly string[];
}

/**
 * Checks a JSON body against a form's shape (no unknown keys, the right JSON types, no missing
 * required keys) and then its yup schema, collecting one message per field. The types are checked
 * before yup so that a number is refused rather than quietly turned into a string.
 */
export async function checkBody<T>(body: unknown, shape: BodyShape, schema: AnyObjectSchema): Promise<Checked<T>> {
  if (!isPlainObject(body)) return { ok: false, errors: { '': 'The body must be a JSON object.' } };
  const errors: Record<string, string> = {};
  const known = new Set([...shape.strings, ...shape.lists]);
  for (const key of Object.keys(body)) if (!known.has(key)) errors[key] = 'Unknown field';
  for (const key of shape.strings) {
    const v = body[key];
    if (v === undefined) {
      if (!shape.optional.includes(key)) errors[key] = 'This field is required';
    } else if (typeof v !== 'string') errors[key] = 'Must be text';
  }
  for (const key of shape.lists) {
    const v = body[key];
    if (v === undefined) {
      if (!shape.optional.includes(key)) errors[key] = 'This field is required';
    } else if (!Array.isArray(v) || !v.every((item) => typeof item === 'string'))
      errors[key] = 'Must be a list of text values';
    else if (new Set(v).size !== v.length) errors[key] = 'Each value may appear once';
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  try {
    const value = (await schema.validate(body, { abortEarly: false })) as T;
    return { ok: true, value };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    for (const inner of error.inner.length > 0 ? error.inner : [error]) {
      const key = (inner.path ?? '').replace(/\[\d+\]$/, '');
      errors[key] ??= inner.message;
    }
    return { ok: false, errors };
  }
}
