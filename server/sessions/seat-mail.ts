import { indiaLabel, isoIndia } from '@/lib/india-time';
import { googleCalendarUrl, JOIN_OPENS_BEFORE_MS } from '@/lib/sessions/session';
import { shownCode } from '@/lib/sessions/ticket';
import { invoiceForMessage, type MailAttachment } from '../books/books-mail';
import { Skip, orSkip } from '../platform/outbox';
import { invitation } from './calendar-invite';
import { offerOf, render, when, type RegistrantMail } from './registrant-message';
import { getSession } from './sessions-store';
import { seatById } from './seats-store';
import { ticketPng } from './ticket-image';

/** How long before its session each reminder is due. */
const REMINDER_OFFSET_MS: Record<string, number> = { 'reg-reminder-24h': 24 * 3_600_000, 'reg-reminder-1h': 3_600_000 };
/** A reminder later than this after its time is dropped: the registrant would get it too late to help. */
const REMINDER_GRACE_MS = 30 * 60_000;

/**
 * The e-mail about a seat: a waitlist offer, the confirmation or a change of time (with the calendar
 * invitation, the door ticket and the invoice), a reminder, or a cancellation.
 */
export const seatMessage: RegistrantMail = async (opts, item, to, now) => {
  const seat = orSkip(await seatById(opts.db, item.refId), 'the seat is gone');
  const reference = `Registration #${seat.registrationId}`;
  const detailSession = typeof item.detail?.sessionId === 'number' ? item.detail.sessionId : seat.session.id;
  const session = orSkip(
    detailSession === seat.session.id ? seat.session : await getSession(opts.db, detailSession),
    'the session is gone',
  );
  const offer = offerOf(seat.form, session);
  const { noun } = offer;
  const startMs = Date.parse(session.startsAt);
  const endMs = startMs + session.durationMinutes * 60_000;
  const joinUrl = opts.links.joinUrl(seat);
  const pageUrl = opts.links.pageUrl(seat);
  const calendarLink = googleCalendarUrl({
    title: `${opts.studio.name} ${noun}`,
    startMs,
    endMs,
    details: session.mode === 'offline' ? `Where: ${session.location}` : `Join: ${joinUrl}`,
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
    // A course place is changed by writing to the studio: its page offers no move or cancel.
    [seat.form === 'masterclass' ? 'Your registration (move or cancel)' : 'Your registration', pageUrl],
  ];

  if (item.source === 'reg-offer') {
    const expiresMs = typeof item.detail?.expiresAt === 'string' ? Date.parse(item.detail.expiresAt) : Number.NaN;
    if (seat.cancelledAt || session.status === 'cancelled' || !(expiresMs > now.getTime()))
      throw new Skip('the offer lapsed');
    const what = offer.course
      ? `place in the intake of ${noun} starting ${when(session)}`
      : `seat in the masterclass of ${when(session)}`;
    const until = indiaLabel(expiresMs);
    const body = render(
      {
        heading: `A ${offer.course ? 'place' : 'seat'} has freed for you`,
        paragraphs: [
          `You were first on the waitlist: a ${what} is now held for you until ${until}. Unpaid by then, it passes to the next person waiting.`,
          `To take it, pay ${offer.amount} (${offer.price}) by UPI on the ${offer.course ? 'course ' : ''}payment page, then enter the 12-digit UTR from your UPI app on that page.`,
        ],
        facts: [
          ['When', when(session)],
          ['Held for you until', until],
          ['Amount', `${offer.amount} including GST`],
          ['Registration', reference],
        ],
        links: [
          ['Payment page', `${opts.siteUrl}${offer.paymentPath}`],
          ['Your registration', pageUrl],
        ],
      },
      opts.studio,
      reference,
    );
    return {
      to,
      subject: `${opts.studio.name}: a ${offer.course ? 'place' : 'seat'} is held for you until ${until}`,
      ...body,
    };
  }

  if (item.source === 'reg-confirmed' || item.source === 'reg-update') {
    if (seat.cancelledAt || session.status === 'cancelled' || session.id !== seat.session.id)
      throw new Skip('no longer booked');
    const confirmed = item.source === 'reg-confirmed';
    const invoice = confirmed ? await invoiceForMessage(opts.db, seat.registrationId) : undefined;
    const ticket =
      session.mode === 'offline'
        ? opts.tickets.view({ seatId: seat.seatId, sessionId: session.id, linkKey: seat.linkKey })
        : undefined;
    const ticketImage: MailAttachment | undefined = ticket && {
      filename: 'ticket.png',
      content: await ticketPng(ticket.token),
      contentType: 'image/png',
      cid: 'ticket@door',
    };
    const attachments = [...(invoice ? [invoice.attachment] : []), ...(ticketImage ? [ticketImage] : [])];
    const body = render(
      {
        heading: confirmed
          ? offer.course
            ? `Your place in ${noun} is confirmed`
            : 'Your masterclass seat is confirmed'
          : `Your ${noun} has a new time`,
        paragraphs: [
          confirmed
            ? `We have verified your payment. Your ${offer.course ? 'place' : 'seat'} is confirmed.`
            : `The ${noun} you booked has changed. The invitation attached replaces the earlier one.`,
          session.mode === 'offline'
            ? `Come to ${session.location} at ${session.label}.`
            : `Your join link opens the live ${offer.course ? 'class' : 'session'} from 30 minutes before the start until its end. Keep it to yourself: it is yours alone.`,
          ...(ticket
            ? [
                `Your ticket: show its QR code at the door (it is also on your registration page), or tell us its code, ${shownCode(ticket.code)}.`,
              ]
            : []),
        ],
        facts: [
          ...sessionFacts,
          ...(ticket ? [['Ticket code', shownCode(ticket.code)] as const] : []),
          ...(invoice ? [invoice.fact] : []),
        ],
        links: sessionLinks,
        ...(ticketImage
          ? { image: { cid: 'ticket@door', alt: `Ticket QR code, code ${shownCode(ticket?.code ?? '')}` } }
          : {}),
      },
      opts.studio,
      reference,
    );
    return {
      ...(attachments.length > 0 ? { attachments } : {}),
      to,
      subject: `${opts.studio.name}: ${
        confirmed
          ? offer.course
            ? `your place in ${noun} is confirmed`
            : 'your masterclass seat is confirmed'
          : `${noun} moved`
      } — ${session.label}`,
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
        heading: `Your ${noun} starts ${soon}`,
        paragraphs: [`A reminder: your ${noun} is ${soon}, ${session.label}.`],
        facts: sessionFacts,
        links: sessionLinks,
      },
      opts.studio,
      reference,
    );
    return { to, subject: `${opts.studio.name}: ${noun} ${soon} — ${session.label}`, ...body };
  }

  if (item.source === 'reg-cancel') {
    const byRegistrant = item.detail?.byRegistrant === true;
    const moved = item.detail?.moved === true;
    const body = render(
      {
        heading: moved
          ? 'Your seat has moved to another session'
          : byRegistrant
            ? `Your ${noun} registration is cancelled`
            : `The ${noun} ${offer.course ? 'intake' : 'session'} is cancelled`,
        paragraphs: [
          moved
            ? `This cancels the invitation for ${session.label}; the invitation for your new session comes in a separate e-mail.`
            : byRegistrant
              ? `You cancelled your seat in the ${noun} of ${session.label}.`
              : offer.course
                ? `We are sorry: the intake of ${noun} starting ${session.label} will not take place. Write to us and we will find you another intake.`
                : `We are sorry: the masterclass of ${session.label} will not take place. Choose another session from your registration page, or write to us.`,
          ...(moved || offer.course ? [] : ['Refunds follow the masterclass terms.']),
        ],
        facts: [['Registration', reference]],
        links: [
          ['Your registration', pageUrl],
          ...(offer.course ? [] : [['Masterclass terms', `${opts.siteUrl}/masterClass-Terms`] as const]),
        ],
      },
      opts.studio,
      reference,
    );
    return {
      to,
      subject: `${opts.studio.name}: ${moved ? 'seat moved' : `${noun} cancelled`} — ${session.label}`,
      ...body,
      icalEvent: seat.verified ? invitation(opts, seat, session, 'CANCEL', to) : undefined,
    };
  }
  throw new Skip(`unknown message ${item.source}`);
};
