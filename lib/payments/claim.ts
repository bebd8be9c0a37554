import { stateCodeOf } from '@/lib/books/states';
import { payableOfReference } from './payables';

/**
 * A payment claim: after paying by UPI, the visitor gives the 12-digit UPI transaction number
 * (UTR) and the phone or e-mail they registered with; the page adds its reference and amount.
 * The same check runs in the browser and in the service.
 */
export interface ClaimInput {
  utr: string;
  contact: string;
  reference: string;
  amountPaise: number;
  /** The payer's state (its name), optional: the place of supply on their invoice. */
  state?: string;
}

/** What a payer does as well, whether or not the claim reached the studio. */
const sendOnWhatsApp = 'Please still send your details on WhatsApp.';

export const claimMessages = {
  utr: 'Enter the 12-digit UPI transaction number (UTR) shown in your payment app.',
  contact: 'Enter the 10-digit phone number or the e-mail address you registered with.',
  reference: 'This page has no payment reference yet. Reload the page and try again.',
  duplicate:
    'This UTR has already been submitted. If you think this is a mistake, send us a message on WhatsApp with a screenshot.',
  state: 'Choose a state of India from the list, or leave it empty.',
  received: 'Thank you: we have received your payment details and will verify them with our bank statement.',
  receivedNext: `You will hear from us once the payment is confirmed. ${sendOnWhatsApp}`,
  sendOnWhatsApp,
} as const;

const isUtr = (value: string): boolean => /^\d{12}$/.test(value);

const emailPattern = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,}$/;

/** An Indian mobile number (optionally +91 / 0 in front) or an e-mail address. */
function isContact(value: string): boolean {
  return emailPattern.test(value) || /^(?:\+?91[\s-]?|0)?[6-9]\d{4}[\s-]?\d{5}$/.test(value);
}

/** Whether a reference is one this site's payment pages make: a kind of payment's prefix, then the rest. */
const isReference = (value: string): boolean =>
  /^[A-Z]{2}[0-9A-Z]{6,33}$/.test(value) && payableOfReference(value) !== undefined;

/** The problems of a claim, by field; empty when it can be sent. */
export function claimProblems(input: ClaimInput): Partial<Record<keyof ClaimInput, string>> {
  const problems: Partial<Record<keyof ClaimInput, string>> = {};
  if (!isUtr(input.utr)) problems.utr = claimMessages.utr;
  if (!isContact(input.contact)) problems.contact = claimMessages.contact;
  if (!isReference(input.reference)) problems.reference = claimMessages.reference;
  if (!Number.isInteger(input.amountPaise) || input.amountPaise <= 0 || input.amountPaise > 100_000_000)
    problems.amountPaise = 'The amount is not valid.';
  if (input.state && !stateCodeOf(input.state)) problems.state = claimMessages.state;
  return problems;
}
