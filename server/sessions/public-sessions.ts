import type { PublicSession, StaffSession } from '@/lib/sessions/session';
import type { Store } from '../store/store';
import { upcomingSessions } from './sessions-store';

/** A session or intake as anyone may see it: its seats left, nothing private. */
export const publicOf = (s: StaffSession): PublicSession => ({
  id: s.id,
  kind: s.kind,
  title: s.title,
  label: s.label,
  startsAt: s.startsAt,
  durationMinutes: s.durationMinutes,
  mode: s.mode,
  location: s.mode === 'offline' ? s.location : '',
  seatsLeft: s.seatsLeft,
});

/** The public read: the upcoming sessions and intakes with seats left, nothing private. */
export async function publicSessions(db: Store['db'], now: Date): Promise<PublicSession[]> {
  return (await upcomingSessions(db, now)).map(publicOf);
}
