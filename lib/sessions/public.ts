import { serviceFetch } from '@/lib/service-client';
import type { PublicSession } from './session';

/** The service's public list of upcoming sessions and seats left. */
const publicSessionsPath = '/api/sessions';

const isPublicSession = (v: unknown): v is PublicSession => {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  return (
    typeof s.id === 'number' &&
    (s.kind === 'masterclass' || s.kind === 'course') &&
    typeof s.label === 'string' &&
    typeof s.startsAt === 'string' &&
    typeof s.seatsLeft === 'number' &&
    typeof s.durationMinutes === 'number'
  );
};

/**
 * The upcoming sessions from the service, or undefined where no service answers (a static host):
 * then the page keeps the build's copy.
 */
export async function fetchPublicSessions(fresh = false): Promise<PublicSession[] | undefined> {
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
