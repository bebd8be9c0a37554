import type { CmsClientOptions } from '@/lib/cms/client';

/** `options` with a logError that keeps each report in `logged` as "message detail" (unless `options` has one). */
export function keepingLog(options: CmsClientOptions): { opts: CmsClientOptions; logged: string[] } {
  const logged: string[] = [];
  return { opts: { logError: (message, detail) => logged.push(`${message} ${detail}`), ...options }, logged };
}
