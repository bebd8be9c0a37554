/**
 * @jest-environment node
 */
import { indiaTimeText, sessionRefusal, waitlistMessage } from '@/lib/sessions/choice';
import { attendanceWindow } from '@/lib/sessions/session';
import { offerDeadline } from '@/server/sessions/waitlist-store';

const HOUR = 3_600_000;

describe('a sign-up that names no session', () => {
  const open = { label: 'Fri 8 Jan 2027, 2pm IST', seatsLeft: 3 };
  const full = { label: 'Fri 15 Jan 2027, 2pm IST', seatsLeft: 0 };

  it('is pointed to the next session with seats', () => {
    expect(sessionRefusal([full, open], undefined)).toEqual({
      message:
        'Choose a session. The next session with seats is Fri 8 Jan 2027, 2pm IST (3 left): choose it and confirm again.',
      full: false,
    });
  });

  it('is refused as full, with the waitlist offered, when every session is full', () => {
    const refusal = sessionRefusal([full], 'Fri 2pm');
    expect(refusal.full).toBe(true);
    expect(refusal.message).toMatch(
      /^That session cannot be chosen any more.*Every session is full: choose one and join its waitlist\.$/,
    );
  });

  it('is told that no session is open when none is scheduled', () => {
    expect(sessionRefusal([], undefined)).toEqual({
      message: 'Choose a session. No session is open for sign-up yet: please check back soon.',
      full: false,
    });
  });
});

describe('a waitlist offer', () => {
  const terms = { hours: 24, closesMinutesBefore: 180 };

  it('holds for its hours when the session is far off', () => {
    const now = new Date('2026-11-20T00:00:00Z');
    expect(offerDeadline(now, new Date('2026-11-30T08:50:00Z'), terms)).toEqual(new Date(now.getTime() + 24 * HOUR));
  });

  it('holds no later than the close before the session starts', () => {
    // Offered at 8:12 the day before a session at 8:50: held until 5:50 on its day, not past its start.
    const now = new Date('2026-11-29T02:42:00Z');
    const starts = new Date('2026-11-30T03:20:00Z');
    expect(offerDeadline(now, starts, terms)).toEqual(new Date(starts.getTime() - 3 * HOUR));
    expect(indiaTimeText(offerDeadline(now, starts, terms).toISOString())).toBe('Mon 30 Nov, 5:50am IST');
  });

  it('is told with its deadline, and a second place for the same person is refused in words', () => {
    const expiresAt = '2026-11-30T00:20:00.000Z';
    expect(waitlistMessage('session', { place: 0, already: false, expiresAt }, 24)).toBe(
      'A seat in this session is held for you until Mon 30 Nov, 5:50am IST: we have e-mailed you the payment page.',
    );
    expect(waitlistMessage('session', { place: 2, already: true, expiresAt: null }, 24)).toMatch(
      /^You are already number 2 on this session's waitlist: one place per person\./,
    );
  });
});

describe('attendance', () => {
  const session = { startsAt: '2031-01-10T04:30:00.000Z', durationMinutes: 180 };
  const start = Date.parse(session.startsAt);

  it('counts from the door opening before the start to the end, never outside', () => {
    expect(attendanceWindow(session, 60, start - 6 * 24 * HOUR)).toEqual({ state: 'early', opensMs: start - HOUR });
    expect(attendanceWindow(session, 60, start - HOUR - 1).state).toBe('early');
    expect(attendanceWindow(session, 60, start - HOUR)).toEqual({ state: 'open' });
    expect(attendanceWindow(session, 60, start + 3 * HOUR)).toEqual({ state: 'open' });
    expect(attendanceWindow(session, 60, start + 3 * HOUR + 1)).toEqual({ state: 'over', endsMs: start + 3 * HOUR });
  });
});
