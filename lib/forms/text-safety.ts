/**
 * Characters no form field may hold: control characters (tab and line breaks only in long text)
 * and lone surrogates (half of a character pair: not text, and PostgreSQL refuses it). Shared by
 * the service's door and each field's check.
 */

const isLineBreakOrTab = (code: number) => code === 0x09 || code === 0x0a || code === 0x0d;

/** Why `value` cannot be stored, or undefined; `allowLineBreaks` lets tab and line breaks through. */
export function unsafeText(value: string, allowLineBreaks: boolean): string | undefined {
  if (/\p{Surrogate}/u.test(value)) return 'Contains an invalid character';
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if ((code < 0x20 || code === 0x7f) && !(allowLineBreaks && isLineBreakOrTab(code))) {
      return 'Contains a control character';
    }
  }
  return undefined;
}
