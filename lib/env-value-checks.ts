import { type Check, httpUrl, isError } from '@/lib/env-checks';

/**
 * The checks the settings table (lib/env.ts) combines: each takes a variable's raw text and gives
 * its value or the reason it was refused.
 */

export interface VarSpec<T> {
  readonly check: Check<T>;
  readonly fallback: T;
  /** One line for `.env.example` and docs/configuration.md. */
  readonly doc: string;
  /** Secrets are never printed back in error messages. */
  readonly secret?: boolean;
  /**
   * 'server': read by the running service only. Every other variable is a build setting: the pages
   * depend on it, so it is part of the build's settings fingerprint (settingsFingerprint).
   */
  readonly scope?: 'server';
}

export const text =
  (max = 200): Check<string> =>
  (raw) =>
    raw.length <= max ? raw : { error: `must be at most ${max} characters` };

export const pattern =
  (re: RegExp, what: string): Check<string> =>
  (raw) =>
    re.test(raw) ? raw : { error: `must be ${what}` };

export const integer =
  (min: number, max: number): Check<number> =>
  (raw) => {
    if (!/^\d+$/.test(raw)) return { error: `must be a whole number from ${min} to ${max}` };
    const n = Number(raw);
    return n >= min && n <= max ? n : { error: `must be a whole number from ${min} to ${max}` };
  };

export const boolean: Check<boolean> = (raw) => {
  if (['1', 'true', 'yes'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  return { error: 'must be true or false' };
};

/** An https URL that may carry a query string (map links and embeds). */
export const embedUrl: Check<string> = (raw) => {
  try {
    return new URL(raw).protocol === 'https:' ? raw : { error: 'must start with https://' };
  } catch {
    return { error: 'must be an absolute URL such as https://maps.google.com/?q=…' };
  }
};

/** A comma-separated list, each item checked; empty: none. */
export const list =
  <T>(check: Check<T>): Check<T[]> =>
  (raw, name) => {
    const items = raw
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    const values: T[] = [];
    for (const item of items) {
      const value = check(item, name);
      if (isError(value)) return { error: `${item}: ${value.error}` };
      values.push(value);
    }
    return values;
  };

export const origin: Check<string> = (raw) => {
  try {
    const url = new URL(raw);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === raw.replace(/\/$/, ''))
      return url.origin;
  } catch {
    // reported below
  }
  return { error: 'must be an origin such as https://studio.example (scheme, host and port, no path)' };
};

const optional =
  <T>(check: Check<T>): Check<T | undefined> =>
  (raw, name) =>
    raw === '' ? undefined : check(raw, name);

/** A setting that may be left empty (then undefined): the check of a value that is set, and its line of docs. */
export const optionalVar = <T>(
  check: Check<T>,
  doc: string,
  more: Pick<VarSpec<T>, 'secret' | 'scope'> = {},
): VarSpec<T | undefined> => ({ check: optional(check), fallback: undefined, doc, ...more });

/** A social profile's https address, or `none`: the studio has no profile there (null). */
export const socialProfile: Check<string | null> = (raw, name) =>
  raw.toLowerCase() === 'none' ? null : httpUrl({ httpsOnly: true })(raw, name);
