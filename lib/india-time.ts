/**
 * Wall-clock times in India (IST, UTC+05:30, no daylight saving), written YYYY-MM-DD HH:mm: the form
 * the studio's calendar uses. Pure arithmetic, so the build, the server and the browser agree.
 */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const FORMAT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** An India time as written. */
export type IndiaTime = string;

function parts(value: IndiaTime): [number, number, number, number, number] | undefined {
  const m = FORMAT.exec(value);
  if (!m) return undefined;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
  return real && h < 24 && mi < 60 ? [y, mo, d, h, mi] : undefined;
}

/** True for a real date and time written YYYY-MM-DD HH:mm. */
export function isIndiaTime(value: string): boolean {
  return parts(value) !== undefined;
}

/** The instant, in milliseconds since the epoch. Throws on a malformed time (checked earlier by lib/env). */
export function indiaTimeToMs(value: IndiaTime): number {
  const p = parts(value);
  if (!p) throw new Error(`Not an India time (YYYY-MM-DD HH:mm): ${value}`);
  const [y, mo, d, h, mi] = p;
  return Date.UTC(y, mo - 1, d, h, mi) - IST_OFFSET_MS;
}

/** ISO 8601 with the India offset, as structured data wants it: 2027-01-08T14:00:00+05:30. */
export function isoIndia(ms: number): string {
  return `${new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 19)}+05:30`;
}

/** A short label for people: "Fri 8 Jan 2027, 2pm IST" (minutes shown when not on the hour). */
export function indiaLabel(ms: number): string {
  const t = new Date(ms + IST_OFFSET_MS);
  const h = t.getUTCHours();
  const minutes = t.getUTCMinutes();
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  const time = `${hour12}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}${h < 12 ? 'am' : 'pm'}`;
  return `${WEEKDAYS[t.getUTCDay()]} ${t.getUTCDate()} ${MONTHS[t.getUTCMonth()]} ${t.getUTCFullYear()}, ${time} IST`;
}
