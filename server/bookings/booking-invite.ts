/**
 * A confirmed booking's calendar invitation (iCalendar, METHOD:REQUEST): its start and end as India
 * wall-clock times (TZID=Asia/Kolkata, with the zone's own VTIMEZONE: India keeps one offset all
 * year), the studio's address as the place, the studio as organiser and the person invited as attendee.
 */
import { isoIndia } from '@/lib/india-time';

export interface BookingInvite {
  /** The booking's reference: with the site's host, the event's UID (a later change replaces it). */
  reference: string;
  host: string;
  startsAt: string;
  endsAt: string;
  summary: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  attendee: string;
}

const INDIA_ZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Asia/Kolkata',
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:+0530',
  'TZOFFSETTO:+0530',
  'TZNAME:IST',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** A text value escaped as iCalendar asks (RFC 5545 §3.3.11). */
const escaped = (value: string) => value.replace(/[\\;,]/g, (ch) => `\\${ch}`).replace(/\r?\n/g, '\\n');

/** A line folded at 75 characters, continuation lines starting with a space (RFC 5545 §3.1). */
const folded = (line: string) => {
  const parts: string[] = [];
  for (let at = 0; at < line.length; at += parts.length === 0 ? 75 : 74) {
    parts.push(line.slice(at, at + (parts.length === 0 ? 75 : 74)));
  }
  return parts.join('\r\n ');
};

/** "20300101T100000": an instant as India's wall clock. */
const indiaStamp = (iso: string) => isoIndia(Date.parse(iso)).slice(0, 19).replace(/[-:]/g, '');
const utcStamp = (date: Date) => `${date.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** The invitation's text, stamped at `now`. */
export function bookingInvitation(invite: BookingInvite, now: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escaped(invite.organizer.name)}//Studio bookings//EN`,
    'METHOD:REQUEST',
    ...INDIA_ZONE,
    'BEGIN:VEVENT',
    `UID:booking-${invite.reference}@${invite.host}`,
    'SEQUENCE:0',
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;TZID=Asia/Kolkata:${indiaStamp(invite.startsAt)}`,
    `DTEND;TZID=Asia/Kolkata:${indiaStamp(invite.endsAt)}`,
    `SUMMARY:${escaped(invite.summary)}`,
    `DESCRIPTION:${escaped(invite.description)}`,
    `LOCATION:${escaped(invite.location)}`,
    `ORGANIZER;CN=${escaped(invite.organizer.name)}:mailto:${invite.organizer.email}`,
    `ATTENDEE;RSVP=FALSE:mailto:${invite.attendee}`,
    'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(folded).join('\r\n')}\r\n`;
}
