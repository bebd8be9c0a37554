import { string } from 'yup';
import { stripMarkup } from './typing';

/** Exactly 10 digits: every phone number of the forms. */
export const TEN_DIGITS = /^\d{10}$/;

/**
 * The browser's own check for `type="email"` (WHATWG HTML), used where the spec relies on the
 * browser: the talent show.
 */
export const BROWSER_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** The masterclass check: non-space text, an @ and a dotted domain. */
export const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A trimmed text field. */
export const text = () => string().default('').trim();

/** A trimmed text field with markup tags removed first (the query form). */
export const plainText = () =>
  string()
    .default('')
    .transform((value: unknown) => (typeof value === 'string' ? stripMarkup(value) : value))
    .trim();

/** The separator of lists joined into one payload value ("Ableton Live, Logic Pro"). */
const LIST_SEPARATOR = ', ';

/** Joins chosen options into one payload value. */
export function joinList(items: readonly string[]): string {
  return items.join(LIST_SEPARATOR);
}

/**
 * Splits a joined list back into its options, each at most once, or undefined when `value` is not
 * such a join. Options may themselves hold a comma ("Diploma in Music Production, Sound Designing
 * & Music Business"), so the value is matched against the options rather than split at commas.
 */
export function splitJoin(value: string, allowed: readonly string[]): string[] | undefined {
  const match = (rest: string, used: readonly string[]): string[] | undefined => {
    for (const option of allowed) {
      if (used.includes(option) || !rest.startsWith(option)) continue;
      const after = rest.slice(option.length);
      if (after === '') return [...used, option];
      if (!after.startsWith(LIST_SEPARATOR)) continue;
      const found = match(after.slice(LIST_SEPARATOR.length), [...used, option]);
      if (found) return found;
    }
    return undefined;
  };
  return value === '' ? undefined : match(value, []);
}
