import { intakeName } from '@/lib/sessions/intake';
import { invoiceForMessage } from '../books/books-mail';
import { orSkip } from '../platform/outbox';
import { offerOf, render, when, type RegistrantMail } from './registrant-message';
import { registrationOf, seatOfRegistration } from './seats-store';

/**
 * The e-mail about a registration, before its seat is confirmed: received (the seat or place held
 * while the registrant pays) or paid (the payment verified, with its invoice attached).
 */
export const registrationMessage: RegistrantMail = async (opts, item, to) => {
  const registration = orSkip(await registrationOf(opts.db, item.refId), 'the registration is gone');
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
};
