import { attempt, publicClient } from '@/lib/service-client';
import type { PublicSession } from './session';

/** One read of the public list (`fresh`: past the browser's cache, after a refusal). */
async function readPublicSessions(fresh: boolean): Promise<PublicSession[] | undefined> {
  const read = await attempt(
    () => publicClient().sessions.$get({}, { init: { cache: fresh ? 'no-cache' : 'default' } }),
    (res) => res.json(),
  );
  return read.ok ? read.value.sessions : undefined;
}

/** The read in flight (memoised while under way), shared by everything on the page that asks at once (the strip and the picker). */
let cachedRead: Promise<PublicSession[] | undefined> | undefined;

/**
 * The upcoming sessions from the service, or undefined where no service answers (a static host):
 * then the page keeps the build's copy. Callers asking while a read is under way share it.
 */
export function fetchPublicSessions(fresh = false): Promise<PublicSession[] | undefined> {
  if (fresh) return readPublicSessions(true);
  cachedRead ??= readPublicSessions(false).finally(() => {
    cachedRead = undefined;
  });
  return cachedRead;
}
