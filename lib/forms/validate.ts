import { ValidationError, type AnyObjectSchema } from 'yup';

/** A form's field errors: the first message of each failing field. */
export type FieldErrors = Record<string, string>;

/** The first message of each failing field of a yup ValidationError (rethrows anything else). */
export function fieldErrorsOf(error: unknown): FieldErrors {
  if (!(error instanceof ValidationError)) throw error;
  const errors: FieldErrors = {};
  for (const inner of error.inner.length > 0 ? error.inner : [error]) {
    // A list's item error ("courses[0]") belongs to the list's field.
    const path = (inner.path ?? '').replace(/\[\d+\]$/, '');
    if (path && !(path in errors)) errors[path] = inner.message;
  }
  return errors;
}

/**
 * Validates `values` with `schema` and returns the first message of each failing field (empty when
 * valid). Formik's `validate` and the tests use it, so both see exactly the schema's rules.
 */
export function collectErrors(schema: AnyObjectSchema, values: unknown): FieldErrors {
  try {
    schema.validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    return fieldErrorsOf(error);
  }
}
