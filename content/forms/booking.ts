/** The words of the booking page (/book) and of the page that follows a booking (/book/held). */
import type { FormPageCopy } from './pages';

export const bookingPage = {
  eyebrow: 'Studio time',
  heading: 'Book the Studio',
  lead: 'Choose a service, a room, an engineer (or any engineer), a day and a start. Your time is held while you pay the deposit by UPI; the deposit confirms it.',
  anyEngineer: 'Any engineer',
  dayHint: 'The coming days with a free start for the room and engineer you chose.',
  dayHintNoRoom: 'Choose a room first: the days then show their free starts.',
  dayHintStatic:
    'Free times show here with JavaScript on. Without it, choose a day and a start within working hours: if that time is taken, we say so and keep what you typed.',
  pickDayFirst: 'Choose a day first',
  takenDayFull: 'That day has no free start left: choose another day.',
  business: {
    legend: 'Booking for a business (optional)',
    hint: 'For a tax invoice to your business (B2B), give its GSTIN, legal name and address.',
  },
  estimate: {
    heading: 'Price',
    total: 'Total with GST',
    deposit: 'Deposit to pay now',
  },
} as const satisfies FormPageCopy & Record<string, unknown>;

export const bookingHeldPage = {
  eyebrow: 'Studio time',
  heading: 'Your Time Is Held',
  lead: 'The studio keeps this time for you until the deposit arrives.',
  loading: 'Reading your booking...',
  missing:
    'This page shows a booking from the link that opened it. Open it from the booking page, or from the e-mail we sent you.',
  facts: {
    reference: 'Booking reference',
    service: 'Service',
    room: 'Room',
    engineer: 'Engineer',
    when: 'When',
    total: 'Total with GST',
    deposit: 'Deposit to pay',
    holdUntil: 'Held until',
    status: 'Status',
  },
  /** The booking's state, as the service names it. */
  statuses: {
    held: 'Held: waiting for the deposit',
    confirmed: 'Confirmed: the deposit has arrived',
    cancelled: 'Cancelled',
    lapsed: 'Lapsed: the deposit did not arrive in time, and the time was freed',
  },
  /** How to pay: {amount}, {deadline}, {reference} are filled in. */
  pay: 'Pay the deposit of {amount} by UPI before {deadline}, with {reference} in the payment note. The studio confirms your booking once the deposit reaches it; a time not paid for by then is freed for others.',
  /** The way to the deposit's page: its QR, UPI link and the form that sends the payment's UTR. */
  payPage: 'Pay the deposit and send your UTR',
  payButton: 'Or open a UPI app now',
  upiId: 'Or pay to the UPI ID',
  whatsapp: 'Then send us the UPI transaction reference on WhatsApp',
  /** Without JavaScript: {email} and {phone} are filled in. */
  noScript:
    'This page shows your booking’s deposit and how to pay it with JavaScript on. Without it, write to us at {email} or on WhatsApp at {phone} with your booking reference (in this page’s address, after “reference=”), and we send you the deposit and how to pay it.',
  again: 'Book another time',
} as const;
