import { Skip, orSkip } from '../platform/outbox';
import { offerOf, render, when, type RegistrantMail } from './registrant-message';
import { getSession, WAITLIST_MAIL } from './sessions-store';
import { waitlistEntry } from './waitlist-store';

/**
 * The e-mail to a person waiting for a seat: their place when they join (skipped once they are no
 * longer waiting: the offer says the rest), or the end of their place when the session is cancelled.
 */
export const waitlistMessage: RegistrantMail = async (opts, item, to) => {
  const entry = orSkip(await waitlistEntry(opts.db, item.refId), 'the place on the waitlist is gone');
  const session = orSkip(await getSession(opts.db, entry.sessionId), 'the session is gone');
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
};
