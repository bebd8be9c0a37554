import { serviceFetch } from '@/lib/service-client';
import { isPublicSession, type PublicSession } from './session';

/** The service's public list of upcoming sessions and seats left. */
const publicSessionsPath = '/api/sessions';

/** One read of the public list (`fresh`: past the browser's cache, after a refusal). */
async function readPublicSessions(fresh: boolean): Promise<PublicSession[] | undefined> {
  try {
    const response = await serviceFetch(publicSessionsPath, {
      headers: { Accept: 'application/json' },
      cache: fresh ? 'no-cache' : 'default',
    });
    if (!response.ok) return undefined;
    const body: unknown = await response.json();
    const list = typeof body === 'object' && body !== null ? (body as { sessions?: unknown }).sessions : undefined;
    return Array.isArray(list) ? list.filter(isPublicSession) : undefined;
  } catch {
    return undefined;
  }
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
