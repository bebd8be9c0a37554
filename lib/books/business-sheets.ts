/**
 * The GSTR-1 sheets of supplies listed document by document (to businesses, `b2b` and `cdnr`; large
 * inter-state ones to people, `b2cl` and `cdnur`) and of advances (`at`, `atadj`), with the column
 * names of the GST offline tool's Excel workbook template (the one with the HSN summary split into
 * B2B and B2C, 2025).
 */
import { type CsvColumn, csvLines, toCsv } from '@/lib/csv';
import {
  type AdvanceDocument,
  type BookDocument,
  groupBy,
  type SupplyClass,
  supplyClassOf,
  templateDate,
} from './book-document';
import { placeOfSupply } from './states';
import { rupees } from './tax';

const NO_CESS = '0.00';

type Column = CsvColumn<BookDocument>;
const column = (header: string, value: (doc: BookDocument) => string | number): Column => ({
  header,
  value: (doc) => String(value(doc)),
});

/** The recipient business's columns, first in `b2b` and `cdnr`. */
const business: Column[] = [
  column('GSTIN/UIN of Recipient', (doc) => doc.recipientGstin ?? ''),
  column('Receiver Name', (doc) => doc.recipient),
];
/** A document's number, date and value, as the sheet names them ("Invoice" or "Note"). */
const documentColumns = (name: 'Invoice' | 'Note'): Column[] => [
  column(`${name} Number`, (doc) => doc.number),
  column(name === 'Invoice' ? 'Invoice date' : 'Note Date', (doc) => templateDate(doc.date)),
];
const value = (name: 'Invoice' | 'Note') => column(`${name} Value`, (doc) => rupees(doc.totalPaise));
const place = column('Place Of Supply', (doc) => placeOfSupply(doc.pos));
const noReverseCharge = column('Reverse Charge', () => 'N');
/** The rate's columns every listed sheet ends with (no differential rate, no cess). */
const rated: Column[] = [
  column('Applicable % of Tax Rate', () => ''),
  column('Rate', (doc) => doc.ratePercent),
  column('Taxable Value', (doc) => rupees(doc.taxablePaise)),
  column('Cess Amount', () => NO_CESS),
];
const noOperator = column('E-Commerce GSTIN', () => '');
const creditType = column('Note Type', () => 'C');

/** The sheets of supplies listed one document a row: which documents each takes, and its columns. */
const listedSheets = {
  /** Each invoice to a business, one row per rate (the studio's invoices have one). */
  b2b: {
    kind: 'invoice',
    supply: 'b2b',
    columns: [
      ...business,
      ...documentColumns('Invoice'),
      value('Invoice'),
      place,
      noReverseCharge,
      rated[0] as Column,
      column('Invoice Type', () => 'Regular B2B'),
      noOperator,
      ...rated.slice(1),
    ],
  },
  /** Each inter-state invoice to a person above ₹1 lakh. */
  b2cl: {
    kind: 'invoice',
    supply: 'b2cl',
    columns: [...documentColumns('Invoice'), value('Invoice'), place, ...rated, noOperator],
  },
  /** Each credit note to a business (note type C, its value positive, as the template asks). */
  cdnr: {
    kind: 'credit-note',
    supply: 'b2b',
    columns: [
      ...business,
      ...documentColumns('Note'),
      creditType,
      place,
      noReverseCharge,
      column('Note Supply Type', () => 'Regular B2B'),
      value('Note'),
      ...rated,
    ],
  },
  /** Each credit note against a large inter-state invoice to a person. */
  cdnur: {
    kind: 'credit-note',
    supply: 'b2cl',
    columns: [column('UR Type', () => 'B2CL'), ...documentColumns('Note'), creditType, place, value('Note'), ...rated],
  },
} as const satisfies Record<string, { kind: BookDocument['kind']; supply: SupplyClass; columns: Column[] }>;

/** One of the sheets listed document by document: `b2b`, `b2cl`, `cdnr` or `cdnur`. */
export function listedSheet(name: keyof typeof listedSheets, docs: readonly BookDocument[]): string {
  const sheet = listedSheets[name];
  const rows = docs.filter((doc) => doc.kind === sheet.kind && supplyClassOf(doc) === sheet.supply);
  return toCsv(sheet.columns, rows);
}

/** Rows of place of supply, rate and an amount, as `at` and `atadj` write them. */
function advanceRows(groups: Map<string, { taxablePaise: number }>) {
  return [...groups].map(([key, sums]) => {
    const [pos = '', rate = ''] = key.split('|');
    return [placeOfSupply(pos), '', rate, rupees(sums.taxablePaise), NO_CESS];
  });
}

const byPlaceRate = (doc: { pos: string; ratePercent: number }) => `${doc.pos}|${doc.ratePercent}`;

/** `at`: the advances received in the month (receipt vouchers), without their tax, by place of supply and rate. */
export function atSheet(advances: readonly AdvanceDocument[]): string {
  const received = advances.filter((a) => a.kind === 'receipt-voucher');
  return csvLines([
    ['Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Gross Advance Received', 'Cess Amount'],
    ...advanceRows(groupBy(received, byPlaceRate)),
  ]);
}

/**
 * `atadj`: advances of earlier receipt vouchers no longer outstanding in the month, by place of
 * supply and rate: adjusted by the invoices issued, or returned by refund vouchers.
 */
export function atadjSheet(docs: readonly BookDocument[], advances: readonly AdvanceDocument[]): string {
  const adjusted = new Map<string, { taxablePaise: number }>();
  const take = (key: string, paise: number) =>
    adjusted.set(key, { taxablePaise: (adjusted.get(key)?.taxablePaise ?? 0) + paise });
  for (const doc of docs)
    if (doc.kind === 'invoice' && doc.advanceAdjustedPaise) take(byPlaceRate(doc), doc.advanceAdjustedPaise);
  for (const voucher of advances)
    if (voucher.kind === 'refund-voucher') take(byPlaceRate(voucher), voucher.taxablePaise);
  return csvLines([
    ['Place Of Supply', 'Applicable % of Tax Rate', 'Rate', 'Gross Advance Adjusted', 'Cess Amount'],
    ...advanceRows(new Map([...adjusted].sort(([a], [b]) => a.localeCompare(b)))),
  ]);
}
