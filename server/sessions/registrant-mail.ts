import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { prices } from '@/content/prices';
import { formatRupees, withGst } from '@/lib/payments/money';
import { intakeName } from '@/lib/sessions/intake';
import { googleCalendarUrl, JOIN_OPENS_BEFORE_MS } from '@/lib/sessions/session';
import type { Studio } from '@/content/studio';
import { indiaLabel, isoIndia } from '@/lib/india-time';
import { kindTitle, verifyUrl } from '@/lib/certificates/certificates';
import { certificatePdf } from '../certificates/certificate-pdf';
import { certificateOfSeat, statusOf } from '../certificates/certificates-store';
import { invoiceForMessage, type MailAttachment, refundMessage } from '../books/books-mail';
import type { RegistrantLinks } from './join';
import { ticketPng } from './ticket-image';
import type { DoorTickets } from './tickets';
import { shownCode } from '@/lib/sessions/ticket';
import { Later, type OutboxItem, Skip } from '../platform/outbox';
import type { Db } from '../store/db';
import {
  getSession,
  registrationOf,
  seatById,
  seatOfRegistration,
  sentToAddress,
  type SeatView,
  WAITLIST_MAIL,
} from './sessions-store';
import { waitlistEntry } from './waitlist-store';

/** One e-mail to a registrant: both parts, and for a confirmation or change its calendar invitation. */
export interface RegistrantMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };
  /** The invoice (or credit note) the message carries, as a PDF. */
  attachments?: MailAttachment[];
}

export interface RegistrantMailOptions {
  db: Db;
  links: RegistrantLinks;
  /** The door tickets an offline session's or intake's confirmation carries. */
  tickets: DoorTickets;
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
  /** An image attached inline (its cid) after the paragraphs, with its text alternative. */
  image?: { cid: string; alt: string };
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
${body.image ? `<p><img src="cid:${esc(body.image.cid)}" alt="${esc(body.image.alt)}" width="240" height="240"></p>` : ''}
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

/** What a registration pays for, as its messages name it: the masterclass, or a course and its intake. */
interface Offer {
  /** "masterclass", or the intake's course ("Diploma in Music Production"), else "course". */
  noun: string;
  course: boolean;
  /** The fee with GST, and how it is made up. */
  amount: string;
  price: string;
  paymentPath: string;
}

function offerOf(form: string, session?: SeatView['session']): Offer {
  const course = form !== 'masterclass';
  const base = course ? prices.courseRegistration : prices.masterclass;
  return {
    noun: course ? session?.title || 'course' : 'masterclass',
    course,
    amount: formatRupees(withGst(base).total),
    price: `${formatRupees(base)} + GST`,
    paymentPath: course ? '/institute/course-payment' : '/payment',
  };
}

/** Registrant messages one address gets in a day at most; more wait until the day's oldest is a day old. */
const DAILY_MESSAGES_PER_ADDRESS = 5;

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

const REMINDER_OFFSET_MS: Record<string, number> = { 'reg-reminder-24h': 24 * 3_600_000, 'reg-reminder-1h': 3_600_000 };
/** A reminder later than this after its time is dropped: the registrant would get it too late to help. */
const REMINDER_GRACE_MS = 30 * 60_000;

/**
 * The e-mail to a person waiting for a seat: their place when they join (skipped once they are no
 * longer waiting: the offer says the rest), or the end of their place when the session is cancelled.
 */
async function waitlistMessage(opts: RegistrantMailOptions, item: OutboxItem, to: string): Promise<RegistrantMessage> {
  const entry = await waitlistEntry(opts.db, item.refId);
  if (!entry) throw new Skip('the place on the waitlist is gone');
  const session = await getSession(opts.db, entry.sessionId);
  if (!session) throw new Skip('the session is gone');
  const offer = offerOf(entry.form, session);
  const what = offer.course
    ? `the intake of ${offer.noun} starting ${when(session)}`
    : `the masterclass of ${when(session)}`;
  const reference = `Waitlist #${item.refId}`;
  const leave = `To leave the waitlist, write to us at ${opts.studio.email} or on WhatsApp (+${opts.studio.whatsapp}) with the reference below.`;
  if (item.source === WAITLIST_MAIL.cancelled) {
    const body = render(
      {
        heading: `The ${offer.course ? 'intake' : 'session'} you were waiting for is cancelled`,
        paragraphs: [
          `We are sorry: ${what} will not take place, so your place on its waitlist is withdrawn. You have not paid anything for it.`,
          offer.course
            ? 'Write to us and we will tell you when the next intake opens.'
            : 'You are welcome to sign up for another session on the masterclass page.',
        ],
        facts: [['Waitlist', reference]],
        links: [
          [
            offer.course ? 'Our courses' : 'Masterclass sessions',
            `${opts.siteUrl}${offer.course ? '/institute' : '/masterclass'}`,
          ],
        ],
      },
      opts.studio,
      reference,
    );
    return {
      to,
      subject: `${opts.studio.name}: ${offer.noun} cancelled, your waitlist place withdrawn — ${session.label}`,
      ...body,
    };
  }
  if (entry.status !== 'waiting' || session.status === 'cancelled') throw new Skip('no longer waiting');
  const hours = Number(item.detail?.offerHours ?? 24);
  const body = render(
    {
      heading: 'You are on the waitlist',
      paragraphs: [
        `You asked to wait for a ${offer.course ? 'place' : 'seat'} in ${what}, which is full. You are number ${entry.place} on its waitlist.`,
        `When a ${offer.course ? 'place' : 'seat'} frees, the first person waiting is e-mailed an offer that holds it for ${hours} hours, with the payment page: pay within that time to take it. Nothing is to be paid until then.`,
        leave,
      ],
      facts: [
        ['When', when(session)],
        ['Your place', String(entry.place)],
        ['Offer held for', `${hours} hours`],
        ['Waitlist', reference],
      ],
      links: [],
    },
    opts.studio,
    reference,
  );
  return {
    to,
    subject: `${opts.studio.name}: you are number ${entry.place} on the waitlist — ${session.label}`,
    ...body,
  };
}

/** The e-mail for one registrant row of the outbox (its source starts with `reg-`). */
export async function composeRegistrantMessage(
  opts: RegistrantMailOptions,
  item: OutboxItem,
): Promise<RegistrantMessage> {
  const now = (opts.now ?? (() => new Date()))();
  const to = item.toAddress ?? '';
  if (!to) throw new Skip('no address');
  const sent = await sentToAddress(opts.db, to, now);
  if (sent.count >= DAILY_MESSAGES_PER_ADDRESS && sent.oldest) {
    throw new Later(new Date(sent.oldest.getTime() + 86_400_000), 'the address has had its messages for today');
  }
  if (item.source === 'reg-credit-note' || item.source === 'reg-refund-declined') {
    const message = await refundMessage(opts.db, item.source, item.refId);
    if (!message) throw new Skip('the refund is gone');
    const body = render({ ...message, links: [] }, opts.studio, message.reference);
    return {
      to,
      subject: `${opts.studio.name}: ${message.subject}`,
      ...body,
      ...(message.attachment ? { attachments: [message.attachment] } : {}),
    };
  }
  if (item.source === WAITLIST_MAIL.joined || item.source === WAITLIST_MAIL.cancelled) {
    return waitlistMessage(opts, item, to);
  }
  if (item.source === 'reg-received' || item.source === 'reg-paid') {
    const registration = await registrationOf(opts.db, item.refId);
    if (!registration) throw new Skip('the registration is gone');
    const seat = await seatOfRegistration(opts.db, item.refId);
    const offer = offerOf(registration.form, seat?.session);
    const reference = `Registration #${item.refId}`;
    const facts: Array<readonly [string, string]> = [
      ...(registration.courses ? [['Courses', registration.courses] as const] : []),
      ...(seat && offer.course ? [['Intake', intakeName(seat.session)] as const] : []),
      ['Amount', `${offer.amount} including GST`],
      ['Registration', reference],
    ];
    const links: Array<readonly [string, string]> = [
      ...(item.source === 'reg-received' ? [['Payment page', `${opts.siteUrl}${offer.paymentPath}`] as const] : []),
      ...(seat ? [['Your registration', opts.links.pageUrl(seat)] as const] : []),
    ];
    if (item.source === 'reg-paid') {
      const invoice = await invoiceForMessage(opts.db, item.refId);
      const body = render(
        {
          heading: 'We have verified your payment',
          paragraphs: [
            `Thank you: your payment of ${offer.amount} for the ${offer.noun} is verified.`,
            offer.course
              ? 'What happens next: we write to you with the schedule of your course (and, for classes at the studio, where they are held) before it starts.'
              : 'What happens next: we write to you with the session and your access link before it starts.',
          ],
          facts: invoice ? [...facts, invoice.fact] : facts,
          links,
        },
        opts.studio,
        reference,
      );
      return {
        to,
        subject: `${opts.studio.name}: payment verified (${reference})`,
        ...body,
        ...(invoice ? { attachments: [invoice.attachment] } : {}),
      };
    }
    const held = seat
      ? offer.course
        ? `Your place in the intake of ${seat.session.title} starting ${when(seat.session)} is held for 48 hours while you pay.`
        : `Your seat in the masterclass of ${when(seat.session)} is held for 48 hours while you pay.`
      : `Your registration for the ${offer.course ? 'course' : 'masterclass'} is in.`;
    const next = offer.course
      ? seat
        ? `What happens next: our team checks the payment against the bank statement, usually within a day. You then get a confirmation with ${seat.session.mode === 'offline' ? "the intake's location and schedule" : 'your join details'} and a calendar invitation.`
        : 'What happens next: our team checks the payment against the bank statement, usually within a day, and then writes to you with the schedule of your course.'
      : 'What happens next: our team checks the payment against the bank statement, usually within a day. You then get a confirmation with a calendar invitation and your private join link.';
    const body = render(
      {
        heading: `We received your ${offer.course ? 'course' : 'masterclass'} registration`,
        paragraphs: [
          held,
          `To ${offer.course ? 'complete' : 'confirm'} it, pay ${offer.amount} (${offer.price}) by UPI on the ${offer.course ? 'course ' : ''}payment page, then enter the 12-digit UTR from your UPI app on that page.`,
          next,
        ],
        facts,
        links,
      },
      opts.studio,
      reference,
    );
    const what = offer.course ? 'course' : 'masterclass';
    return { to, subject: `${opts.studio.name}: ${what} registration received (${reference})`, ...body };
  }

  if (item.source === 'reg-certificate') {
    const certificate = await certificateOfSeat(opts.db, item.refId);
    if (!certificate || statusOf(certificate) !== 'valid') throw new Skip('the certificate is revoked or withdrawn');
    const title = kindTitle[certificate.kind];
    const reference = `Registration #${certificate.registrationId}`;
    const body = render(
      {
        heading: `Your ${title.toLowerCase()}`,
        paragraphs: [
          certificate.kind === 'completion'
            ? `Congratulations on completing ${certificate.course}. Your certificate is attached.`
            : `Thank you for taking part in the ${certificate.course}. Your certificate is attached.`,
          'Anyone can check it on our site with its serial number, or by scanning the code on it.',
        ],
        facts: [
          ['Certificate', `${certificate.serial} (attached)`],
          ['Name', certificate.holderName],
        ],
        links: [['Check this certificate', verifyUrl(opts.siteUrl, certificate.serial)]],
      },
      opts.studio,
      reference,
    );
    return {
      to,
      subject: `${opts.studio.name}: your ${title.toLowerCase()} (${certificate.serial})`,
      ...body,
      attachments: [
        {
          filename: `certificate-${certificate.serial}.pdf`,
          content: Buffer.from(await certificatePdf(certificate, opts.siteUrl)),
          contentType: 'application/pdf',
        },
      ],
    };
  }

  const seat = await seatById(opts.db, item.refId);
  if (!seat) throw new Skip('the seat is gone');
  const reference = `Registration #${seat.registrationId}`;
  const detailSession = typeof item.detail?.sessionId === 'number' ? item.detail.sessionId : seat.session.id;
  const session = detailSession === seat.session.id ? seat.session : await getSession(opts.db, detailSession);
  if (!session) throw new Skip('the session is gone');
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
}
