import { bookingMessage, isBookingMail } from '../bookings/booking-mail';
import { refundMessage } from '../books/books-mail';
import { certificateMessage } from '../certificates/certificate-mail';
import { Later, type OutboxItem, Skip } from '../platform/outbox';
import { type RegistrantMailOptions, type RegistrantMessage, render } from './registrant-message';
import { registrationMessage } from './registration-mail';
import { seatMessage } from './seat-mail';
import { sentToAddress } from './seats-store';
import { WAITLIST_MAIL } from './sessions-store';
import { waitlistMessage } from './waitlist-mail';

/** Registrant messages one address gets in a day at most; more wait until the day's oldest is a day old. */
const DAILY_MESSAGES_PER_ADDRESS = 5;

/** The e-mail for one registrant row of the outbox (its source starts with `reg-`). */
export async function composeRegistrantMessage(
  opts: RegistrantMailOptions,
  item: OutboxItem,
): Promise<RegistrantMessage> {
  const now = (opts.now ?? (() => new Date()))();
  // A booking's rows: the engineer's address is the studio content's, read when sent.
  if (isBookingMail(item.source)) return bookingMessage(opts, item, now);
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
    return waitlistMessage(opts, item, to, now);
  }
  if (item.source === 'reg-received' || item.source === 'reg-paid') return registrationMessage(opts, item, to, now);
  if (item.source === 'reg-certificate') return certificateMessage(opts, item, to, now);
  return seatMessage(opts, item, to, now);
}
