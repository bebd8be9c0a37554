import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { prices } from '@/content/prices';
import { formatRupees, withGst } from '@/lib/payments/money';
import { googleCalendarUrl, JOIN_OPENS_BEFORE_MS } from '@/lib/sessions/session';
import type { Studio } from '@/content/studio';
import { isoIndia } from '@/lib/india-time';
import type { RegistrantLinks } from './join';
import { type OutboxItem, Skip } from './outbox';
import type { Db } from './store/db';
import { getSession, seatById, seatOfRegistration, type SeatView } from './store/sessions';

/** One e-mail to a registrant: both parts, and for a confirmation or change its calendar invitation. */
export interface RegistrantMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };
}

export interface RegistrantMailOptions {
  db: Db;
  links: RegistrantLinks;
  studio: Studio;
  siteUrl: string;
  /** The sender, "Name <address>" or an address: the calendar invitation's organizer. */
  from: string;
  now?: () => Date;
}

/** A message as its parts: a heading, paragraphs, facts (label: value) and links. */
interface Body {
  heading: string;
  paragraphs: readonly string[];
  facts: ReadonlyArray<readonly [string, string]>;
  links: ReadonlyArray<readonly [string, string]>;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (t: string) => t.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);

/** The text and HTML parts of a body, signed with the studio's identity and the registration's reference. */
function render(body: Body, studio: Studio, reference: string): { text: string; html: string } {
  const signature = [`${studio.name}`, `${studio.email} · WhatsApp +${studio.whatsapp}`, `Reference: ${reference}`];
  const text = [
    body.heading,
    '',
    ...body.paragraphs.flatMap((p) => [p, '']),
    ...body.facts.map(([k, v]) => `${k}: ${v}`),
    ...(body.facts.length > 0 ? [''] : []),
    ...body.links.map(([k, v]) => `${k}: ${v}`),
    '',
    '-- ',
    ...signature,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p style="font-weight:700;font-size:18px">${esc(studio.name)}</p>
<h1 style="font-size:20px">${esc(body.heading)}</h1>
${body.paragraphs.map((p) => `<p>${esc(p)}</p>`).join('\n')}
${body.facts.length > 0 ? `<table>${body.facts.map(([k, v]) => `<tr><th align="left" style="padding-right:12px">${esc(k)}</th><td>${esc(v)}</td></tr>`).join('')}</table>` : ''}
${body.links.map(([k, v]) => `<p><a href="${esc(v)}">${esc(k)}</a></p>`).join('\n')}
<p style="color:#555;font-size:13px">${signature.map(esc).join('<br>')}</p>
</body></html>`;
  return { text, html };
}

/** "Fri 8 Jan 2027, 2pm IST to 4pm IST"-style wording of a session's time, India time. */
function when(seat: SeatView['session']): string {
  const end = Date.parse(seat.startsAt) + seat.durationMinutes * 60_000;
  const endTime = isoIndia(end).slice(11, 16);
  return `${seat.label} (until ${endTime} IST, ${seat.durationMinutes} minutes)`;
}

const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

/** The calendar invitation of a seat: one UID per registration and session, the session's SEQUENCE. */
function invitation(
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
    summary: `${opts.studio.name} masterclass`,
    description: `Join: ${opts.links.joinUrl(seat.registrationId)}\nYour registration: ${opts.links.pageUrl(seat.registrationId)}`,
    location: session.mode === 'offline' ? session.location : opts.links.joinUrl(seat.registrationId),
    url: opts.links.pageUrl(seat.registrationId),
    organizer: { name: opts.studio.name, email: addressOf(opts.from) },
    attendees: [{ email: to, rsvp: false }],
    status: method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return { method, filename: method === 'CANCEL' ? 'cancel.ics' : 'invite.ics', content: cal.toString() };
}

const REMINDER_OFFSET_MS: Record<string, number> = { 'reg-reminder-24h': 24 * 3_600_000, 'reg-reminder-1h': 3_600_000 };
/** A reminder later than this after its time is dropped: the registrant would get it too late to help. */
const REMINDER_GRACE_MS = 30 * 60_000;

/** The e-mail for one registrant row of the outbox (its source starts with `reg-`). */
export async function composeRegistrantMessage(
  opts: RegistrantMailOptions,
  item: OutboxItem,
): Promise<RegistrantMessage> {
  const now = (opts.now ?? (() => new Date()))();
  const to = item.toAddress ?? '';
  if (!to) throw new Skip('no address');
  const amount = formatRupees(withGst(prices.masterclass).total);
  if (item.source === 'reg-received') {
    const seat = await seatOfRegistration(opts.db, item.refId);
    const reference = `Registration #${item.refId}`;
    const body = render(
      {
        heading: 'We received your masterclass registration',
        paragraphs: [
          seat
            ? `Your seat in the masterclass of ${when(seat.session)} is held for 48 hours while you pay.`
            : 'Your registration for the masterclass is in.',
          `To confirm it, pay ${amount} (₹99 + GST) by UPI on the payment page, then enter the 12-digit UTR from your UPI app on that page.`,
          'What happens next: our team checks the payment against the bank statement, usually within a day. You then get a confirmation with a calendar invitation and your private join link.',
        ],
        facts: [
          ['Amount', `${amount} including GST`],
          ['Registration', reference],
        ],
        links: [
          ['Payment page', `${opts.siteUrl}/payment`],
          ['Your registration', opts.links.pageUrl(item.refId)],
        ],
      },
      opts.studio,
      reference,
    );
    return { to, subject: `${opts.studio.name}: masterclass registration received (${reference})`, ...body };
  }

  const seat = await seatById(opts.db, item.refId);
  if (!seat) throw new Skip('the seat is gone');
  const reference = `Registration #${seat.registrationId}`;
  const detailSession = typeof item.detail?.sessionId === 'number' ? item.detail.sessionId : seat.session.id;
  const session = detailSession === seat.session.id ? seat.session : await getSession(opts.db, detailSession);
  if (!session) throw new Skip('the session is gone');
  const startMs = Date.parse(session.startsAt);
  const endMs = startMs + session.durationMinutes * 60_000;
  const joinUrl = opts.links.joinUrl(seat.registrationId);
  const pageUrl = opts.links.pageUrl(seat.registrationId);
  const calendarLink = googleCalendarUrl({
    title: `${opts.studio.name} masterclass`,
    startMs,
    endMs,
    details: `Join: ${joinUrl}`,
    location: session.mode === 'offline' ? session.location : 'Online',
  });
  const sessionFacts: Array<readonly [string, string]> = [
    ['When', when(session)],
    ...(session.mode === 'offline'
      ? [['Where', session.location] as const]
      : [
          [
            'Join link opens',
            `${isoIndia(startMs - JOIN_OPENS_BEFORE_MS).slice(11, 16)} IST, 30 minutes before the start`,
          ] as const,
        ]),
    ['Registration', reference],
  ];
  const sessionLinks: Array<readonly [string, string]> = [
    ...(session.mode === 'offline' ? [] : [['Your private join link', joinUrl] as const]),
    ['Add to Google Calendar', calendarLink],
    ['Your registration (move or cancel)', pageUrl],
  ];

  if (item.source === 'reg-confirmed' || item.source === 'reg-update') {
    if (seat.cancelledAt || session.status === 'cancelled' || session.id !== seat.session.id)
      throw new Skip('no longer booked');
    const confirmed = item.source === 'reg-confirmed';
    const body = render(
      {
        heading: confirmed ? 'Your masterclass seat is confirmed' : 'Your masterclass has a new time',
        paragraphs: [
          confirmed
            ? 'We have verified your payment. Your seat is confirmed.'
            : 'The masterclass you booked has changed. The invitation attached replaces the earlier one.',
          session.mode === 'offline'
            ? `Come to ${session.location} at ${session.label}.`
            : 'Your join link opens the live session from 30 minutes before the start until its end. Keep it to yourself: it is yours alone.',
        ],
        facts: sessionFacts,
        links: sessionLinks,
      },
      opts.studio,
      reference,
    );
    return {
      to,
      subject: `${opts.studio.name}: ${confirmed ? 'your masterclass seat is confirmed' : 'masterclass moved'} — ${session.label}`,
      ...body,
      icalEvent: seat.verified ? invitation(opts, seat, session, 'REQUEST', to) : undefined,
    };
  }

  if (item.source in REMINDER_OFFSET_MS) {
    const due = startMs - (REMINDER_OFFSET_MS[item.source] ?? 0);
    if (seat.cancelledAt || session.status === 'cancelled' || session.id !== seat.session.id)
      throw new Skip('no longer booked');
    if (!seat.verified) throw new Skip('not verified');
    if (now.getTime() > due + REMINDER_GRACE_MS || now.getTime() >= startMs) throw new Skip('too late to remind');
    const soon = item.source === 'reg-reminder-1h' ? 'in an hour' : 'tomorrow';
    const body = render(
      {
        heading: `Your masterclass starts ${soon}`,
        paragraphs: [`A reminder: your masterclass is ${soon}, ${session.label}.`],
        facts: sessionFacts,
        links: sessionLinks,
      },
      opts.studio,
      reference,
    );
    return { to, subject: `${opts.studio.name}: masterclass ${soon} — ${session.label}`, ...body };
  }

  if (item.source === 'reg-cancel') {
    const byRegistrant = item.detail?.byRegistrant === true;
    const moved = item.detail?.moved === true;
    const body = render(
      {
        heading: moved
          ? 'Your seat has moved to another session'
          : byRegistrant
            ? 'Your masterclass registration is cancelled'
            : 'The masterclass session is cancelled',
        paragraphs: [
          moved
            ? `This cancels the invitation for ${session.label}; the invitation for your new session comes in a separate e-mail.`
            : byRegistrant
              ? `You cancelled your seat in the masterclass of ${session.label}.`
              : `We are sorry: the masterclass of ${session.label} will not take place. Choose another session from your registration page, or write to us.`,
          ...(moved ? [] : ['Refunds follow the masterclass terms.']),
        ],
        facts: [['Registration', reference]],
        links: [
          ['Your registration', pageUrl],
          ['Masterclass terms', `${opts.siteUrl}/masterClass-Terms`],
        ],
      },
      opts.studio,
      reference,
    );
    return {
      to,
      subject: `${opts.studio.name}: ${moved ? 'seat moved' : 'masterclass cancelled'} — ${session.label}`,
      ...body,
      icalEvent: seat.verified ? invitation(opts, seat, session, 'CANCEL', to) : undefined,
    };
  }
  throw new Skip(`unknown message ${item.source}`);
}
