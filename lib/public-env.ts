import { httpUrl, indiaTimeList, isError } from '@/lib/env-checks';

/**
 * The two settings that code running in the browser reads. Next builds NEXT_PUBLIC_ variables into
 * the page scripts, so these read the build's value there and the process's value while the pages
 * are rendered. The settings table (lib/env.ts) checks them too and refuses a build with a bad
 * value; it stays out of the browser (`npm run lint` checks that no browser module imports it).
 */

/** The service's address when it runs on another origin than the pages; undefined when unset or invalid. */
export function publicServiceUrl(): string | undefined {
  const raw = process.env.NEXT_PUBLIC_SERVICE_URL?.trim();
  if (!raw) return undefined;
  const value = httpUrl()(raw, 'NEXT_PUBLIC_SERVICE_URL');
  return isError(value) ? undefined : value;
}

/** The masterclass sessions (the sign-up's schedule value); undefined when unset or invalid. */
export function publicMasterclassSessions(): readonly string[] | undefined {
  const raw = process.env.NEXT_PUBLIC_MASTERCLASS_SESSIONS?.trim();
  if (!raw) return undefined;
  const value = indiaTimeList(raw, 'NEXT_PUBLIC_MASTERCLASS_SESSIONS');
  return isError(value) ? undefined : value;
}
