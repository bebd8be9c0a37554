/**
 * The Timestamp of every payload: the date and time at submit in India time (Asia/Kolkata), as an
 * Indian-English string, whichever zone the browser or the server runs in.
 */
export function formTimestamp(date: Date = new Date()): string {
  return date.toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' });
}

/** "21/11/2026, 4:03:08 pm" as `toLocaleString('en-IN')` writes it (any case of am/pm). */
const EN_IN = /^(\d{1,2})\/(\d{1,2})\/(\d{4}),?\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap]\.?m\.?)?$/i;
/** ISO 8601 date-time, as a client without Indian locale data might send. */
const ISO = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** True when `value` is a real date and time in the form's format (en-IN) or in ISO 8601. */
export function checkTimestamp(value: string): boolean {
  const text = value.trim();
  if (ISO.test(text)) return !Number.isNaN(Date.parse(text.replace(' ', 'T')));
  const m = EN_IN.exec(text);
  if (!m) return false;
  const [day = 0, month = 0, year = 0, hour = 0, minute = 0, second = 0] = m
    .slice(1, 7)
    .map((part) => Number(part ?? 0));
  const h12 = m[7] !== undefined;
  if (h12 ? hour < 1 || hour > 12 : hour > 23) return false;
  if (minute > 59 || second > 59) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
