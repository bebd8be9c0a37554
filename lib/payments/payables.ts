import type { prices } from '@/content/prices';
import type { EnvName } from '@/lib/env';
import type { RoutePath } from '@/lib/routes';

/**
 * What a verified payment does. `confirms-seat`: the registration it matches is confirmed: its seat
 * in a session or intake gets the confirmation and the reminders, a registration without a seat gets
 * word that its payment is verified (the database does it when the claim turns verified).
 * `confirms-booking`: the studio booking whose reference the claim carries is confirmed once what is
 * verified for it covers its deposit, and the deposit gets a receipt voucher (an advance), never an
 * invoice.
 */
type PaymentEffect = 'confirms-seat' | 'confirms-booking';

/** One kind of payment: everything the pages, the claims and the books know of it. */
export interface Payable {
  /** Its name, recorded on each claim (`payment_claims.kind`). */
  readonly kind: string;
  /** The start of its payment references (two capital letters; the reference adds time and randomness). */
  readonly prefix: string;
  /**
   * What is supplied, on its invoices: the setting of its SAC code, the description and the price.
   * None for a payment whose amount is its reference's own (a booking's deposit): it is an advance,
   * with the SAC and description of what was booked, and gets a receipt voucher, not an invoice.
   */
  readonly supply?: {
    readonly sacSetting: Extract<EnvName, `SAC_${string}`>;
    readonly description: string;
    readonly price: keyof typeof prices;
  };
  /** The page where it is paid. */
  readonly page: RoutePath;
  /** The registration forms it pays for: a claim is matched to a registration of these. */
  readonly forms: readonly string[];
  readonly effect: PaymentEffect;
}

/**
 * Every kind of payment, one row each: the one table the payment pages, the claim check, the claims'
 * store, the invoices, the registrants' messages and the dashboard read. A new kind is a new row
 * here (with its registration form's declaration, whose success page is the row's page).
 */
export const payables = [
  {
    kind: 'masterclass',
    prefix: 'MC',
    supply: { sacSetting: 'SAC_MASTERCLASS', description: 'Online music production masterclass', price: 'masterclass' },
    page: '/payment',
    forms: ['masterclass'],
    effect: 'confirms-seat',
  },
  {
    kind: 'course',
    prefix: 'CR',
    supply: { sacSetting: 'SAC_COURSE', description: 'Course registration fee', price: 'courseRegistration' },
    page: '/institute/course-payment',
    forms: ['certification', 'diploma'],
    effect: 'confirms-seat',
  },
  {
    kind: 'studio-booking',
    prefix: 'SB',
    page: '/book/deposit',
    forms: [],
    effect: 'confirms-booking',
  },
] as const satisfies readonly Payable[];

/** The kinds of payment: masterclass, course, studio-booking. */
export type PaymentKind = (typeof payables)[number]['kind'];
/** The prefixes of the payment references: MC, CR, SB. */
export type ReferencePrefix = (typeof payables)[number]['prefix'];

type PricedPayable = Extract<(typeof payables)[number], { supply: object }>;
/** The kinds of payment at a fixed price, invoiced when received in full: masterclass, course. */
export type PricedKind = PricedPayable['kind'];

/** The kinds of payment at a fixed price (those with a supply): the ones the books invoice. */
export const pricedPayables: readonly PricedPayable[] = payables.filter((p): p is PricedPayable => 'supply' in p);

/** Whether a kind of payment has a fixed price (and so an invoice); a booking's deposit has not. */
export const isPricedKind = (kind: string): kind is PricedKind => pricedPayables.some((p) => p.kind === kind);

/** The kind of payment a reference is for, by its prefix; undefined when no kind has it (no such payment). */
export function payableOfReference(reference: string): (typeof payables)[number] | undefined {
  return payables.find((p) => reference.startsWith(p.prefix));
}

/** The kind of payment of this name; undefined for a name that is no kind. */
export function payableOfKind(kind: PaymentKind): (typeof payables)[number];
export function payableOfKind(kind: string): (typeof payables)[number] | undefined;
export function payableOfKind(kind: string): (typeof payables)[number] | undefined {
  return payables.find((p) => p.kind === kind);
}

/** The kind of payment at a fixed price of this name. */
export function pricedPayableOfKind(kind: PricedKind): PricedPayable {
  const payable = pricedPayables.find((p) => p.kind === kind);
  if (!payable) throw new Error(`No kind of payment at a fixed price is called ${kind}`);
  return payable;
}

/** The kind of payment whose references start with this prefix (a payment form's hidden `prefix`). */
export function payableOfPrefix(prefix: unknown): (typeof payables)[number] | undefined {
  return payables.find((p) => p.prefix === prefix);
}

/** The kind of payment a registration of this form pays; undefined for a form that is not paid for. */
export function payableOfForm(form: string): PricedPayable | undefined {
  return pricedPayables.find((p) => (p.forms as readonly string[]).includes(form));
}

/** Every registration form some payment is for. */
export const paidForms: readonly string[] = payables.flatMap((p) => p.forms);
