import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { offerOf, type RegistrantMailOptions, type RegistrantMessage } from './registrant-message';
import type { SeatView } from './seats-store';

/** The address in a sender "Name <address>", or the sender itself. */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

/** The calendar invitation of a seat: one UID per registration and session, the session's SEQUENCE. */
export function invitation(
  opts: RegistrantMailOptions,
  seat: SeatView,
  session: SeatView['session'],
  method: 'REQUEST' | 'CANCEL',
  to: string,
): RegistrantMessage['icalEvent'] {
  const host = new URL(opts.siteUrl).hostname;
  const start = new Date(session.startsAt);
  const cal = ical({
    prodId: { company: opts.studio.name, product: 'site' },
    method: method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  cal.createEvent({
    id: `registration-${seat.registrationId}-session-${session.id}@${host}`,
    // A registrant's own cancellation is one change more than the session's own.
    sequence: session.sequence + (method === 'CANCEL' && session.status !== 'cancelled' ? 1 : 0),
    start,
    end: new Date(start.getTime() + session.durationMinutes * 60_000),
    summary: `${opts.studio.name} ${offerOf(seat.form, session).noun}`,
    description: `${session.mode === 'offline' ? `Where: ${session.location}` : `Join: ${opts.links.joinUrl(seat)}`}\nYour registration: ${opts.links.pageUrl(seat)}`,
    location: session.mode === 'offline' ? session.location : opts.links.joinUrl(seat),
    url: opts.links.pageUrl(seat),
    organizer: { name: opts.studio.name, email: addressOf(opts.from) },
    attendees: [{ email: to, rsvp: false }],
    status: method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return { method, filename: method === 'CANCEL' ? 'cancel.ics' : 'invite.ics', content: cal.toString() };
}
