/**
 * Typing rules: pure functions applied to a field's value on every change, so what the visitor
 * sees is what will be sent. Each form's schema still checks the same rule on submit.
 */

/** Keeps only digits, cut to `max` characters (phone numbers: 10). */
export function digitsOnly(value: string, max = 10): string {
  return value.replace(/\D+/g, '').slice(0, max);
}

/** Keeps letters (any script, with their combining marks) and whitespace: the masterclass name. */
export function lettersAndWhitespace(value: string): string {
  return value.replace(/[^\p{L}\p{M}\s]+/gu, '');
}

/** Keeps letters (any script, with their combining marks) and spaces: the certification full name. */
export function lettersAndSpaces(value: string): string {
  return value.replace(/[^\p{L}\p{M} ]+/gu, '');
}

/** Removes markup tags such as `<b>` or `<script src=…>` (the query form strips them before sending). */
export function stripMarkup(value: string): string {
  return value.replace(/<\/?[a-zA-Z!][^<>]*>?/g, '');
}

/** True when the text holds a digit. */
export function hasDigit(value: string): boolean {
  return /\d/.test(value);
}
