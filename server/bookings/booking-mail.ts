/**
 * The messages of a confirmed booking, from its outbox rows: the client's confirmation (the time,
 * room and engineer, the deposit's receipt voucher as a PDF, and a calendar invitation), and the
 * engineer's invitation when the studio's booking content gives the engineer an e-mail.
 */
import { indiaLabel } from '@/lib/india-time';
import { formatRupees } from '@/lib/payments/money';
import { documentFileName } from '../books/books-mail';
import { studioSignature, voucherPdf } from '../books/books-pdf';
import { vouchersOfReference } from '../books/vouchers-store';
import { type OutboxItem, Skip } from '../platform/outbox';
import { type RegistrantMailOptions, type RegistrantMessage, render } from '../sessions/registrant-message';
import { int, iso, text } from '../store/rows';
import { bookingInvitation } from './booking-invite';
import { BOOKING_MAIL } from './deposits-store';

export const isBookingMail = (source: string): boolean =>
  source === BOOKING_MAIL.confirmed || source === BOOKING_MAIL.engineer;

/** The address in a sender "Name <address>", or the sender itself. */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

/** The message of a booking's outbox row, composed at `now`; a Skip when it no longer applies. */
export async function bookingMessage(
  opts: Pick<RegistrantMailOptions, 'db' | 'studio' | 'siteUrl' | 'from' | 'bookings'>,
  item: OutboxItem,
  now: Date,
): Promise<RegistrantMessage> {
  const [row] = await opts.db.query<Record<string, unknown>>('SELECT * FROM bookings WHERE id = $1', [item.refId]);
  if (!row) throw new Skip('the booking is gone');
  if (row.status !== 'confirmed') throw new Skip(`the booking is ${text(row.status)} now`);
  const reference = text(row.reference);
  const studio = opts.bookings ? await opts.bookings().catch(() => undefined) : undefined;
  const engineer = studio?.engineers.find((e) => e.id === row.engineer);
  const roomName = studio?.rooms.find((r) => r.id === row.room)?.name ?? text(row.room);
  const serviceName = studio?.services.find((s) => s.id === row.service)?.name ?? text(row.service);
  const engineerName = engineer?.name ?? text(row.engineer);
  const forEngineer = item.source === BOOKING_MAIL.engineer;
  const to = forEngineer ? engineer?.email : (item.toAddress ?? text(row.email));
  if (!to) throw new Skip('the engineer has no e-mail in the studio content');
  const startsAt = iso(row.starts_at);
  const endsAt = iso(row.ends_at);
  const when = `${indiaLabel(Date.parse(startsAt))} to ${indiaLabel(Date.parse(endsAt))}`;
  const a = opts.studio.address;
  const location = `${opts.studio.name}, ${a.street}, ${a.city}, ${a.region} ${a.postalCode}`;
  const facts: Array<readonly [string, string]> = [
    ['Booking', reference],
    ['Service', serviceName],
    ['When', when],
    ['Room', roomName],
    ['Engineer', engineerName],
    ['Where', location],
  ];
  const invitation = bookingInvitation(
    {
      reference,
      host: new URL(opts.siteUrl).hostname,
      startsAt,
      endsAt,
      summary: `${opts.studio.name}: ${serviceName} in ${roomName}${forEngineer ? ` for ${text(row.name)}` : ''}`,
      description: `Booking ${reference}: ${serviceName}, ${roomName}, with ${engineerName}.`,
      location,
      organizer: { name: opts.studio.name, email: addressOf(opts.from) },
      attendee: to,
    },
    now,
  );
  const icalEvent = { method: 'REQUEST' as const, filename: 'invite.ics', content: invitation };
  if (forEngineer) {
    const body = render(
      {
        heading: `Booked: ${serviceName} with ${text(row.name)}`,
        paragraphs: [`A studio booking with you is confirmed: its deposit is received. The invitation is attached.`],
        facts,
        links: [],
      },
      opts.studio,
      reference,
    );
    return { to, subject: `${opts.studio.name}: booking ${reference} confirmed`, ...body, icalEvent };
  }
  const receipts = (await vouchersOfReference(opts.db, reference)).filter((v) => v.kind === 'receipt');
  const received = receipts.reduce((sum, v) => sum + v.totalPaise, 0);
  const signature = await studioSignature();
  const attachments = await Promise.all(
    receipts.map(async (voucher) => ({
      filename: documentFileName(voucher.number),
      content: Buffer.from(await voucherPdf(voucher, undefined, signature)),
      contentType: 'application/pdf',
    })),
  );
  const body = render(
    {
      heading: 'Your studio booking is confirmed',
      paragraphs: [
        `Thank you, ${text(row.name)}: your deposit is received and your time is booked. The calendar invitation and the receipt voucher for your deposit are attached.`,
        `The rest, ${formatRupees(Math.max(0, int(row.total_paise) - received))}, is billed with the tax invoice after your session.`,
      ],
      facts: [
        ...facts,
        ['Deposit received', formatRupees(received)],
        ['Receipt voucher', `${receipts.map((v) => v.number).join(', ')} (attached)`],
      ],
      links: [],
    },
    opts.studio,
    reference,
  );
  return {
    to,
    subject: `${opts.studio.name}: your booking ${reference} is confirmed`,
    ...body,
    icalEvent,
    attachments,
  };
}
