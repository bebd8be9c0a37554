// The one locale's entry: the package's main entry loads every locale it has (about a hundred).
import { ToWords } from 'to-words/en-IN';
import { isoIndia } from '@/lib/india-time';
import { formatRupeeFigure } from '@/lib/payments/money';

/** How a supply is taxed: within the studio's state (CGST + SGST) or across states (IGST), or not at all (no GSTIN). */
export interface TaxSplit {
  taxablePaise: number;
  ratePercent: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/**
 * The taxes on a taxable value: each computed on the value and rounded to the paisa on its own, so
 * the halves are always equal (₹99 intra-state: ₹8.91 + ₹8.91). Rate 0: no tax (a receipt).
 */
export function taxSplit(taxablePaise: number, ratePercent: number, intraState: boolean): TaxSplit {
  const part = (percent: number) => Math.round((taxablePaise * percent) / 100);
  const half = intraState && ratePercent > 0 ? part(ratePercent / 2) : 0;
  const igst = !intraState && ratePercent > 0 ? part(ratePercent) : 0;
  return {
    taxablePaise,
    ratePercent,
    cgstPaise: half,
    sgstPaise: half,
    igstPaise: igst,
    totalPaise: taxablePaise + 2 * half + igst,
  };
}

/** The financial year (April to March, India time) of a moment, as "26-27". */
export function financialYear(at: Date): string {
  const [year, month] = isoIndia(at.getTime()).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  return `${String(start % 100).padStart(2, '0')}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * A document's number: prefix, financial year and its place in the series, "INV/26-27/00001":
 * at most 16 characters of letters, digits, `-` and `/` (CGST Rule 46).
 */
export function documentNumber(prefix: string, fy: string, seq: number): string {
  const number = `${prefix}/${fy}/${String(seq).padStart(5, '0')}`;
  if (!/^[A-Z0-9/-]{1,16}$/.test(number)) throw new RangeError(`The document number ${number} is over 16 characters`);
  return number;
}

/** Tenths of an hour: the unit a document series is moved above after a restore (a financial year has at most 87,840). */
const floorUnitMs = 360_000;

/**
 * Where a document series of financial year `fy` continues after this database took rows written
 * in another at `movedAt` (a restore, a move to PostgreSQL): the tenths of an hour from the year's
 * start (1 April, India time) to then, 0 when it did not in that year. A number the other database
 * issued after its backup is below it while it issued fewer than ten documents an hour on average,
 * and it stays within five digits ("INVC/26-27/87600" is 16 characters).
 */
export function seriesFloor(movedAt: Date | null, fy: string): number {
  if (!movedAt) return 0;
  const start = Date.parse(`20${fy.slice(0, 2)}-04-01T00:00:00+05:30`);
  const since = movedAt.getTime() - start;
  return since > 0 ? Math.floor(since / floorUnitMs) : 0;
}

/** The series of receipt vouchers (advances received) and of refund vouchers (advances returned), each its own. */
export const RECEIPT_VOUCHER_SERIES = 'RV';
export const REFUND_VOUCHER_SERIES = 'RFV';

/** The credit notes' own series beside an invoice prefix: "INV" → "INVC". */
export const creditPrefixOf = (invoicePrefix: string): string => `${invoicePrefix}C`;

const words = new ToWords({ converterOptions: { currency: true } });

/** An amount in words as on an Indian invoice: "One Thousand One Hundred Seventy Eight Rupees And Eighty Two Paise Only". */
export const amountInWords = (paise: number): string => words.convert(paise / 100);

/** Rupees with two decimals and no grouping, as returns and registers write them: 1178.82. */
export const rupees = (paise: number): string =>
  `${paise < 0 ? '-' : ''}${Math.floor(Math.abs(paise) / 100)}.${String(Math.abs(paise) % 100).padStart(2, '0')}`;

/** Rupees as printed on a document: the sign, Indian grouping and always two decimals (₹1,178.82, ₹99.00). */
export const documentRupees = (paise: number): string =>
  `₹${formatRupeeFigure(Math.floor(paise / 100) * 100)}.${String(paise % 100).padStart(2, '0')}`;
