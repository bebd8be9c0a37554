/**
 * The masterclass session a sign-up carries as `schedule`. In the browser the form's own state holds
 * the session the visitor picked (components/forms/masterclass-form.tsx); the service gives the
 * sessions it takes as facts (`masterclassFacts` in lib/forms/masterclass).
 */

/** The sign-up's payload key for its session (the spec's), and the name of the session choice's radios. */
export const SCHEDULE_KEY = 'schedule';

/**
 * The key a masterclass sign-up or course registration carries to wait for a seat when its session
 * or intake is full: `"waitlist": true` in JSON, `waitlist=true` from an HTML form.
 */
export const WAITLIST_KEY = 'waitlist';

/** The sessions' state, as much of it as a refused sign-up needs: each one's label and seats left. */
interface SessionState {
  readonly label: string;
  readonly seatsLeft: number;
}

/**
 * Why a masterclass sign-up that names no upcoming session is refused, with the sessions' state:
 * `named` the label it carried (none when it carried no choice). `full` when no session has a seat,
 * so the refusal offers the waitlist.
 */
export function sessionRefusal(
  sessions: readonly SessionState[],
  named: string | undefined,
): { message: string; full: boolean } {
  const open = sessions.find((s) => s.seatsLeft > 0);
  const gone =
    named === undefined
      ? 'Choose a session.'
      : 'That session cannot be chosen any more: it has started, was cancelled or was never scheduled.';
  if (open)
    return {
      message: `${gone} The next session with seats is ${open.label} (${open.seatsLeft} left): choose it and confirm again.`,
      full: false,
    };
  if (sessions.length > 0)
    return { message: `${gone} Every session is full: choose one and join its waitlist.`, full: true };
  return { message: `${gone} No session is open for sign-up yet: please check back soon.`, full: false };
}

/** A moment as the registrant and the door read it, in India time: "Mon 30 Nov, 8:12am IST" (an offer's deadline, the door's hours). */
export function indiaTimeText(expiresAt: string): string {
  const parts = new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(new Date(expiresAt));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')}, ${part('hour')}:${part('minute')}${part('dayPeriod').toLowerCase()} IST`;
}

/**
 * What a sign-up sent to a waitlist is told: its place, or the seat held for it until its deadline,
 * or that the same person already holds a place there (one place per person per session).
 */
export function waitlistMessage(
  where: 'session' | 'intake',
  joined: { place: number; already: boolean; expiresAt: string | null },
  offerHours: number,
): string {
  const until = joined.expiresAt ? ` until ${indiaTimeText(joined.expiresAt)}` : '';
  if (joined.place === 0) {
    return `A seat in this ${where} is held for you${until}: we have e-mailed you the payment page.${joined.already ? ' (You asked for it before: one place per person.)' : ''}`;
  }
  if (joined.already) {
    return `You are already number ${joined.place} on this ${where}'s waitlist: one place per person. When a seat frees we e-mail you an offer.`;
  }
  return `This ${where} is full. You are number ${joined.place} on its waitlist: when a seat frees we e-mail you an offer that holds it for you for up to ${offerHours} hours (and never past the close before the ${where} starts).`;
}
