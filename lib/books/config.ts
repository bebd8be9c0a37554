import { GST_RATE_PERCENT, prices } from '@/content/prices';
import type { Studio } from '@/content/studio';
import type { Env } from '@/lib/env';
import { pricedPayables, type PricedKind } from '@/lib/payments/payables';
import { gstinProblem } from './gstin';
import { gstStates, stateCodeOf } from './states';
import { withGst } from '@/lib/payments/money';
import { type TaxSplit, taxSplit } from './tax';

/** What each priced thing is, on a document: its SAC code, description and taxable value. */
interface Supply {
  sac: string;
  description: string;
  taxablePaise: number;
}

/**
 * The studio as a supplier: who issues the documents, where it is registered (the place of supply
 * of a registrant who gave no state), and its GSTIN, or none (a plain receipt, no tax).
 */
export interface BooksConfig {
  legalName: string;
  address: string;
  stateCode: string;
  gstin: string | null;
  /** 18 with a GSTIN, else 0. */
  ratePercent: number;
  invoicePrefix: string;
  /**
   * What each kind of payment at a fixed price supplies (the payables table's rows, with this
   * configuration's SAC codes); a booking's deposit supplies what was booked, and is no row here.
   */
  supplies: Record<PricedKind, Supply>;
}

const sacNames: Record<string, string> = {
  '999291': 'Cultural education services',
  '999293': 'Commercial training and coaching services',
};

/** The books' settings from the configuration and the studio's record; throws when the studio's state is no state. */
export function booksConfig(env: Env, studio: Studio): BooksConfig {
  const stateCode = stateCodeOf(studio.address.region);
  if (!stateCode) throw new Error(`STUDIO_REGION "${studio.address.region}" is not a state of India`);
  const a = studio.address;
  const supply = (sac: string, what: string, taxablePaise: number): Supply => ({
    sac,
    description: `${what} (${sacNames[sac] ?? 'education services'})`,
    taxablePaise,
  });
  return {
    legalName: env.STUDIO_LEGAL_NAME ?? studio.name,
    address: `${a.street}, ${a.city}, ${gstStates[stateCode]} ${a.postalCode}`,
    stateCode,
    gstin: env.STUDIO_GSTIN ?? null,
    ratePercent: env.STUDIO_GSTIN ? GST_RATE_PERCENT : 0,
    invoicePrefix: env.INVOICE_PREFIX,
    supplies: Object.fromEntries(
      pricedPayables.map((p) => [
        p.kind,
        supply(env[p.supply.sacSetting], p.supply.description, prices[p.supply.price]),
      ]),
    ) as Record<PricedKind, Supply>,
  };
}

/** The launch check's word on the books: prices that add GST need a valid GSTIN of the studio's own state. */
export function booksLaunchProblems(env: Env, studio: Studio): string[] {
  const rate: number = GST_RATE_PERCENT;
  if (rate === 0) return [];
  if (!env.STUDIO_GSTIN)
    return [
      `STUDIO_GSTIN: the prices add ${rate}% GST, which only a GST-registered business may charge; set the studio's GSTIN (or take GST off the prices in content/prices.ts)`,
    ];
  const problem = gstinProblem(env.STUDIO_GSTIN);
  if (problem) return [`STUDIO_GSTIN ${problem}`];
  const code = stateCodeOf(studio.address.region);
  if (code !== env.STUDIO_GSTIN.slice(0, 2))
    return [
      `STUDIO_REGION: "${studio.address.region}" is not the state of the GSTIN (${gstStates[env.STUDIO_GSTIN.slice(0, 2)]})`,
    ];
  return [];
}

/**
 * The price of a kind of payment with its taxes for a place of supply: what a registration must
 * receive in full before its invoice is issued, and what the invoice shows. Without a GSTIN there
 * is no tax line: a receipt for what the payment page asks (lib/payments/money's withGst).
 */
export function priceOfSupply(books: BooksConfig, kind: PricedKind, placeOfSupply: string | null): TaxSplit {
  const taxable = books.supplies[kind].taxablePaise;
  return books.gstin
    ? taxSplit(taxable, books.ratePercent, (placeOfSupply ?? books.stateCode) === books.stateCode)
    : taxSplit(withGst(taxable).total, 0, true);
}
