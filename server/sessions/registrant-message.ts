/** A registrant's e-mail: its parts, the options every message is composed with, and the wording shared by each kind. */
import { prices } from '@/content/prices';
import type { Studio } from '@/content/studio';
import type { BookingStudio } from '@/lib/bookings/studio';
import { isoIndia } from '@/lib/india-time';
import { formatRupees, withGst } from '@/lib/payments/money';
import { payableOfForm } from '@/lib/payments/payables';
import type { MailAttachment } from '../books/books-mail';
import { type OutboxItem, Skip } from '../platform/outbox';
import type { Db } from '../store/db';
import type { RegistrantLinks } from './join';
import type { SeatView } from './seats-store';
import type { DoorTickets } from './tickets';

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
  /** The studio's rooms, engineers and services, read on each use: a booking's names and its engineer's e-mail. */
  bookings?: () => Promise<BookingStudio>;
  /** The sender, "Name <address>" or an address: the calendar invitation's organizer. */
  from: string;
  now?: () => Date;
}

/** The e-mail of one outbox row to a registrant at `to`, composed at `now`. */
export type RegistrantMail = (
  opts: RegistrantMailOptions,
  item: OutboxItem,
  to: string,
  now: Date,
) => Promise<RegistrantMessage>;

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
export function render(body: Body, studio: Studio, reference: string): { text: string; html: string } {
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
export function when(seat: SeatView['session']): string {
  const end = Date.parse(seat.startsAt) + seat.durationMinutes * 60_000;
  const endTime = isoIndia(end).slice(11, 16);
  return `${seat.label} (until ${endTime} IST, ${seat.durationMinutes} minutes)`;
}

/** What a registration pays for, as its messages name it: the masterclass, or a course and its intake. */
export interface Offer {
  /** "masterclass", or the intake's course ("Diploma in Music Production"), else "course". */
  noun: string;
  course: boolean;
  /** The fee with GST, and how it is made up. */
  amount: string;
  price: string;
  paymentPath: string;
}

export function offerOf(form: string, session?: SeatView['session']): Offer {
  const payable = payableOfForm(form);
  if (!payable) throw new Skip(`No kind of payment is for a registration of the form "${form}"`);
  const course = payable.kind === 'course';
  const base = prices[payable.supply.price];
  return {
    noun: course ? session?.title || 'course' : 'masterclass',
    course,
    amount: formatRupees(withGst(base).total),
    price: `${formatRupees(base)} + GST`,
    paymentPath: payable.page,
  };
}
