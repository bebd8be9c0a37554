import type { prices } from '@/content/prices';
import type { EnvName } from '@/lib/env';
import type { RoutePath } from '@/lib/routes';

/**
 * What a verified payment does. `confirms-seat`: the registration it matches is confirmed: its seat
 * in a session or intake gets the confirmation and the reminders, a registration without a seat gets
 * word that its payment is verified (the database does it when the claim turns verified).
 */
type PaymentEffect = 'confirms-seat';

/** One kind of payment: everything the pages, the claims and the books know of it. */
export interface Payable {
  /** Its name, recorded on each claim (`payment_claims.kind`). */
  readonly kind: string;
  /** The start of its payment references (two capital letters; the reference adds time and randomness). */
  readonly prefix: string;
  /** What is supplied, on its invoices: the setting of its SAC code, the description and the price. */
  readonly supply: {
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
] as const satisfies readonly Payable[];

/** The kinds of payment: masterclass, course. */
export type PaymentKind = (typeof payables)[number]['kind'];
/** The prefixes of the payment references: MC, CR. */
export type ReferencePrefix = (typeof payables)[number]['prefix'];

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

/** The kind of payment whose references start with this prefix (a payment form's hidden `prefix`). */
export function payableOfPrefix(prefix: unknown): (typeof payables)[number] | undefined {
  return payables.find((p) => p.prefix === prefix);
}

/** The kind of payment a registration of this form pays; undefined for a form that is not paid for. */
export function payableOfForm(form: string): (typeof payables)[number] | undefined {
  return payables.find((p) => (p.forms as readonly string[]).includes(form));
}

/** Every registration form some payment is for. */
export const paidForms: readonly string[] = payables.flatMap((p) => p.forms);
