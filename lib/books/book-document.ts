/**
 * The documents the books hold, as the month's views and the GSTR-1 sheets read them, and the sums
 * over them. Supplies (invoices and credit notes) and advances (receipt and refund vouchers) are
 * apart: an advance is taxed when received but is no supply until its invoice adjusts it.
 */

/** What every document of the books has: its number in its series, its recipient, place and amounts (positive). */
interface IssuedDocument {
  /** Its row in its own table. */
  id: number;
  number: string;
  series: string;
  seq: number;
  /** Date of issue, India time, YYYY-MM-DD. */
  date: string;
  recipient: string;
  /** The recipient's GSTIN when a business was supplied (a B2B document); absent for a person. */
  recipientGstin?: string;
  /** The place of supply's state code. */
  pos: string;
  ratePercent: number;
  /** The value without tax (for an advance, the offline tool's "gross advance"). */
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/** An invoice or a credit note as the books read it (a credit note's amounts are positive). */
export interface BookDocument extends IssuedDocument {
  kind: 'invoice' | 'credit-note';
  sac: string;
  description: string;
  /** A credit note's invoice: its number, date and (when known) its value. */
  against?: { number: string; date: string; totalPaise?: number };
  /** An invoice's advance adjusted: the taxable value of the deposits its receipt vouchers took. */
  advanceAdjustedPaise?: number;
}

/**
 * A receipt voucher (an advance received, Rule 50) or a refund voucher (an advance returned before
 * its invoice, Rule 51), as the books read it.
 */
export interface AdvanceDocument extends IssuedDocument {
  kind: 'receipt-voucher' | 'refund-voucher';
}

/** An invoice to a person across state lines above this value is a large B2C supply (`b2cl`, ₹1 lakh since 1 Aug 2024). */
const B2CL_ABOVE_PAISE = 100_000_00;

/** Where GSTR-1 reports a supply: to a business (`b2b`), a large inter-state one to a person (`b2cl`), else `b2cs`. */
export type SupplyClass = 'b2b' | 'b2cl' | 'b2cs';

/** The table a supply goes to; a credit note goes where its invoice went. */
export function supplyClassOf(doc: BookDocument): SupplyClass {
  if (doc.recipientGstin) return 'b2b';
  const invoiceValue = doc.kind === 'credit-note' ? (doc.against?.totalPaise ?? doc.totalPaise) : doc.totalPaise;
  return doc.igstPaise > 0 && invoiceValue > B2CL_ABOVE_PAISE ? 'b2cl' : 'b2cs';
}

const sign = (doc: { kind: string }) => (doc.kind === 'credit-note' || doc.kind === 'refund-voucher' ? -1 : 1);

/** Amounts added up over documents (a credit note's or a refund voucher's taken off), and how many. */
export interface Sums {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  count: number;
}
type Amounts = Omit<Sums, 'count'> & { kind: string };

const zero = (): Sums => ({ taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0, count: 0 });
const add = (sums: Sums, doc: Amounts) => {
  const s = sign(doc);
  sums.taxablePaise += s * doc.taxablePaise;
  sums.cgstPaise += s * doc.cgstPaise;
  sums.sgstPaise += s * doc.sgstPaise;
  sums.igstPaise += s * doc.igstPaise;
  sums.totalPaise += s * doc.totalPaise;
  sums.count += 1;
};

/** Sums by a key, in the key's order. */
export function groupBy<D extends Amounts>(docs: readonly D[], key: (doc: D) => string): Map<string, Sums> {
  const groups = new Map<string, Sums>();
  for (const doc of docs) {
    const k = key(doc);
    const sums = groups.get(k) ?? zero();
    add(sums, doc);
    groups.set(k, sums);
  }
  return new Map([...groups].sort(([a], [b]) => a.localeCompare(b)));
}

/** The documents' totals, net of credit notes (and of refund vouchers, for advances). */
export function totals(docs: readonly Amounts[]): Sums {
  const sums = zero();
  for (const doc of docs) add(sums, doc);
  return sums;
}

/** A document's count in a quantity: one, or minus one for a credit note. */
export const countOf = (doc: BookDocument) => sign(doc);

/** A date as the offline tool's templates write it: dd-mmm-yyyy (05-Nov-2026). */
export function templateDate(isoDate: string): string {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const [y, m, d] = isoDate.split('-');
  return `${d}-${months[Number(m) - 1] ?? ''}-${y}`;
}
