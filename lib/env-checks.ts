import { isIndiaTime } from '@/lib/india-time';

/**
 * The checks of the settings that browser code also reads (lib/public-env.ts), kept apart from the
 * settings table (lib/env.ts) so that a page script carries these few lines and not the table.
 */

/** A validated configuration value, or the reason it was refused. */
export type Check<T> = (raw: string, name: string) => T | { error: string };

export const isError = (value: unknown): value is { error: string } =>
  typeof value === 'object' && value !== null && 'error' in value && Object.keys(value).length === 1;

/** localhost, *.localhost, 127.x.x.x or ::1: an address of this machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1';
}

/** An http(s) address without query or fragment, its trailing slashes removed. */
export const httpUrl =
  (opts: { httpsOnly?: boolean } = {}): Check<string> =>
  (raw) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return { error: 'must be an absolute URL such as https://example.com' };
    }
    // Plain http is for this machine only (the tests, a laptop): browsers refuse mixed content anyway.
    const allowed = opts.httpsOnly && !isLoopbackHost(url.hostname) ? ['https:'] : ['http:', 'https:'];
    if (!allowed.includes(url.protocol)) return { error: `must start with ${allowed.join(' or ')}//` };
    if (url.search || url.hash) return { error: 'must not have a query string or fragment' };
    return raw.replace(/\/+$/, '');
  };

/** A wall-clock time in India (IST, UTC+05:30) as YYYY-MM-DD HH:mm, checked to be a real date. */
export const indiaTime: Check<string> = (raw) => {
  const value = raw.replace('T', ' ');
  return isIndiaTime(value) ? value : { error: 'must be an India time as YYYY-MM-DD HH:mm, e.g. 2027-01-08 14:00' };
};

/** Comma-separated India times, sorted. */
export const indiaTimeList: Check<readonly string[]> = (raw, name) => {
  const items = raw
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const checked = items.map((item) => indiaTime(item, name));
  const bad = checked.find(isError);
  if (bad) return { error: `${bad.error} (each item, comma-separated)` };
  return [...(checked as string[])].sort();
};
