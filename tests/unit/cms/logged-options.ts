import type { CmsClientOptions } from '@/lib/cms/transport';

/** `options` with a logError that keeps each report in `logged` as "message detail" (unless `options` has one). */
export function keepingLog(options: CmsClientOptions): { opts: CmsClientOptions; logged: string[] } {
  const logged: string[] = [];
  return { opts: { logError: (message, detail) => logged.push(`${message} ${detail}`), ...options }, logged };
}

/** A client of the WordPress at `baseUrl` over the real fetch, short timeouts and back-off, keeping its reports in `errors`. */
export function loggedOptions(
  baseUrl: string,
  extra: Partial<CmsClientOptions> = {},
): { opts: CmsClientOptions; errors: string[] } {
  const { opts, logged } = keepingLog({
    baseUrl,
    fetch: (url, init) => fetch(url, init),
    timeoutMs: 5000,
    retries: 2,
    backoffMs: 10,
    ...extra,
  });
  return { opts, errors: logged };
}
