/**
 * Copy and options of the two manual UPI payment pages (/payment for the masterclass,
 * /institute/course-payment for course registration). Amounts are never typed here: the pages
 * compute them from content/prices.ts. Texts may contain {amount}, {app} and {upiId}, which the
 * components fill in.
 */
import type { ChatMessageTemplate } from '@/lib/payments/chat-message';
import type { UpiApp } from '@/lib/payments/upi-link';

/** A payment option of the masterclass page: the QR code, or one named UPI app (its mark: components/payment/payment-marks.tsx). */
export interface PaymentOption {
  id: 'qr' | UpiApp;
  name: string;
}

export const paymentOptions = [
  { id: 'qr', name: 'QR Code' },
  { id: 'gpay', name: 'GPay' },
  { id: 'phonepe', name: 'PhonePe' },
  { id: 'paytm', name: 'Paytm' },
] as const satisfies readonly PaymentOption[];

export type PaymentOptionId = (typeof paymentOptions)[number]['id'];

/** The named apps only (the course page shows them as logos beside "Pay via UPI"). */
export const upiAppOptions = paymentOptions.filter(
  (o): o is Extract<(typeof paymentOptions)[number], { id: UpiApp }> => o.id !== 'qr',
);

/** The QR dialog and the pay panel, shared by both pages. */
export const scanToPayCopy = {
  title: 'Scan to Pay',
  scanAny:
    'Open any UPI app on your phone (GPay, PhonePe, Paytm, BHIM or your bank’s app), tap Scan and point it at this code. The amount and the reference are filled in for you.',
  scanWith:
    'Open {app} on your phone, tap Scan and point it at this code. The amount and the reference are filled in for you.',
  qrLabel: 'QR code to pay {amount} by UPI',
  amountLabel: 'Amount',
  payeeLabel: 'Pay to',
  upiIdLabel: 'UPI ID',
  referenceLabel: 'Payment reference',
  copy: 'Copy UPI ID',
  copied: 'UPI ID copied!',
  copyManual: 'Press Ctrl+C (or long-press) to copy',
  close: 'Close',
  openApp: 'Open in a UPI app',
  saveQr: 'Save QR image',
  saveQrHint:
    'A phone cannot scan its own screen: save the image, then choose it in your UPI app’s scanner (“Upload from gallery”).',
  typeIdHint: 'Or pay {amount} to the UPI ID by hand in any UPI app.',
} as const;

/** Shown on a phone after the page has sent the browser to an app. */
export const appFallbackCopy = {
  heading: 'Did {app} not open?',
  body: 'If the app did not open, or it refused the payment, pay another way below. Some apps only accept scanned payments to this UPI ID, so the QR code is the surest route.',
} as const;

/** The manual flow, in the order it happens. */
export const manualFlowCopy = {
  heading: 'How your payment is confirmed',
  note: 'This page cannot see your UPI app, so it never tells you a payment went through. Your UPI app shows the result, and our team confirms it once they have checked it.',
  steps: {
    pay: 'Pay {amount} by UPI to {upiId}, using the QR code or your UPI app.',
    send: 'Send your name, e-mail, phone, the UTR (the 12-digit UPI transaction ID in your app’s payment details) and a screenshot of the payment on WhatsApp.',
    verify: 'Our team checks the payment against the studio’s account.',
  },
  confirmMasterclass: 'You receive a confirmation with the access link to the online masterclass.',
  confirmCourse:
    'You receive a confirmation with the access link (online classes) or the location and schedule (offline classes).',
} as const;

/** Step 2, the chat: shared wording. */
export const chatStepCopy = {
  cta: 'Send Details on WhatsApp',
  newTab: '(opens WhatsApp in a new tab)',
  previewLabel: 'The message is ready: fill in the blanks, then attach the payment screenshot before sending.',
} as const;

export const masterclassPaymentCopy = {
  eyebrow: 'Masterclass payment',
  heading: 'Payment Procedure',
  lead: 'Pay for your seat at the 2-hour online masterclass by UPI, then send us the payment details on WhatsApp.',
  summaryHeading: 'Masterclass fee',
  baseLabel: 'Masterclass',
  step1: 'Step 1: Choose a payment option',
  step1Hint: 'Choose how you want to pay, then press Proceed to Pay.',
  optionsLegend: 'Payment option',
  proceed: 'Proceed to Pay',
  noOption: 'Please select a payment option first.',
  step2: 'Step 2: Send your details through chat',
  step2Body: 'Once you have paid, send your details with the UTR and the payment screenshot on WhatsApp.',
  emailCarried: 'Your e-mail from the registration form is already in the message.',
  chat: {
    intro: 'I have paid for the masterclass by UPI. My details:',
    extraFields: [],
  } satisfies ChatMessageTemplate,
  note: 'Masterclass',
} as const;

export const coursePaymentCopy = {
  eyebrow: 'Course registration',
  heading: 'Course Registration Payment',
  lead: 'Thank you for registering. Pay the registration fee by UPI, then send us the payment details on WhatsApp to confirm your place.',
  summaryHeading: 'Registration fee',
  /** {fee} and {rate} are filled from content/prices.ts. */
  feeText: 'Registration fee: {fee} INR + {rate}% GST, {amount} in total.',
  feeValidity:
    'One registration fee, valid for all certification courses and diplomas. EMI options are available on prior request.',
  baseLabel: 'Registration fee',
  step1: 'Step 1: Pay the registration fee',
  step1Hint: 'Tap an app or Pay via UPI. On a computer, a QR code opens for you to scan with your phone.',
  appsLabel: 'Pay with an app',
  payWith: 'Pay with {app}',
  payViaUpi: 'Pay via UPI',
  step2: 'Step 2: Send your details',
  step2Body:
    'Send your details with the course you registered for, the UTR and the payment screenshot on WhatsApp, then let us know here.',
  sentDetails: "I've Sent My Details",
  chat: {
    intro: 'I have registered for a course and paid the registration fee by UPI. My details:',
    extraFields: ['Course'],
  } satisfies ChatMessageTemplate,
  note: 'Course registration',
} as const;

/** The words of a studio booking's deposit page (/book/deposit?reference=…). */
export const depositPaymentCopy = {
  eyebrow: 'Studio booking deposit',
  heading: 'Pay Your Booking Deposit',
  lead: 'Pay the deposit by UPI with your booking reference, then send us the UTR from your UPI app: the studio checks it and confirms your booking by e-mail with its receipt voucher and a calendar invitation.',
  loading: 'Reading your booking…',
  missing:
    'This address has no booking reference: open the pay link on the page your booking led to, or the one in your booking’s e-mail.',
  step1: 'Step 1: Pay the deposit',
  instructions:
    'Scan the QR with any UPI app, or open the link on your phone. The amount and your booking reference are filled in.',
  step2: 'Step 2: Send us your payment details',
  step2Body: 'Give the 12-digit UTR (or UPI reference) from your UPI app and the e-mail or phone you booked with.',
  confirmed: 'This booking is confirmed: its deposit is received.',
  ended:
    'This booking’s hold has ended ({status}): its time is no longer kept. Choose a time again; if you paid for it, write to us and we return the deposit.',
  again: 'Book a time',
  /** Said without JavaScript: {upi}, {payee}, {whatsapp} are filled in. */
  noScript:
    'This page reads your booking’s deposit with JavaScript on. Without it: pay the deposit shown on your booking’s page to the UPI ID {upi} ({payee}) with your booking reference (SB and eight characters, in this page’s address after “reference=”) in the payment note, then send the reference and the UTR on WhatsApp to +{whatsapp}.',
} as const;
