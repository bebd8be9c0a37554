/**
 * The month's sheets for the accountant's GSTR-1, in the GST offline tool's template's shapes: the
 * supplies to people in small amounts by place and rate (`b2cs`), the HSN/SAC summaries, the
 * documents issued, and a register of every document; the sheets listed document by document are
 * in business-sheets.ts.
 */
import { csvLines } from '@/lib/csv';
import { type AdvanceDocument, type BookDocument, countOf, groupBy, supplyClassOf } from './book-document';
import { atadjSheet, atSheet, listedSheet } from './business-sheets';
import { placeOfSupply } from './states';
import { rupees } from './tax';

/** The month's totals by place of supply and rate, net of credit notes. */
export const byPlaceAndRate = (docs: readonly BookDocument[]) =>
  groupBy(docs, (doc) => `${doc.pos}|${doc.ratePercent}`);

/** `b2cs`: B2C small supplies by place of supply and rate, net of credit notes (GSTR-1 table 7). */
function b2csSheet(docs: readonly BookDocument[]): string {
  const small = docs.filter((doc) => supplyClassOf(doc) === 'b2cs');
  const rows = [...byPlaceAndRate(small)].map(([key, sums]) => {
    const [pos = '', rate = ''] = key.split('|');
    return ['OE', placeOfSupply(pos), rate, '', rupees(sums.taxablePaise), '0.00', ''];
  });
  return csvLines([
    ['Type', 'Place Of Supply', 'Rate', 'Applicable % of Tax Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
    ...rows,
  ]);
}

/** `hsn`: the HSN/SAC summary of these supplies, one row per SAC and rate, net of credit notes. */
function hsnSheet(docs: readonly BookDocument[]): string {
  const descriptions = new Map(docs.map((doc) => [doc.sac, doc.description]));
  const rows = [...groupBy(docs, (doc) => `${doc.sac}|${doc.ratePercent}`)].map(([key, sums]) => {
    const [sac = '', rate = ''] = key.split('|');
    const quantity = docs
      .filter((d) => d.sac === sac && String(d.ratePercent) === rate)
      .reduce((n, d) => n + countOf(d), 0);
    return [
      sac,
      descriptions.get(sac) ?? '',
      'NA',
      quantity,
      rupees(sums.totalPaise),
      rate,
      rupees(sums.taxablePaise),
      rupees(sums.igstPaise),
      rupees(sums.cgstPaise),
      rupees(sums.sgstPaise),
      '0.00',
    ];
  });
  return csvLines([
    [
      'HSN',
      'Description',
      'UQC',
      'Total Quantity',
      'Total Value',
      'Rate',
      'Taxable Value',
      'Integrated Tax Amount',
      'Central Tax Amount',
      'State/UT Tax Amount',
      'Cess Amount',
    ],
    ...rows,
  ]);
}

/** A series' documents in runs of consecutive numbers (a restore moves a series on, leaving a gap). */
function runsOf<D extends { seq: number }>(sorted: readonly D[]): D[][] {
  const runs: D[][] = [];
  for (const doc of sorted) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && doc.seq === last.seq + 1) run.push(doc);
    else runs.push([doc]);
  }
  return runs;
}

/** Each kind of document's nature, as table 13 names it. */
const natures: Record<(BookDocument | AdvanceDocument)['kind'], string> = {
  invoice: 'Invoices for outward supply',
  'credit-note': 'Credit Note',
  'receipt-voucher': 'Receipt voucher',
  'refund-voucher': 'Refund voucher',
};

/**
 * `docs`: the documents issued, each series from–to with its count, one row per run of consecutive
 * numbers (nothing is ever cancelled: a credit note corrects; a series moved on after a restore
 * starts a new run, so no number in a row's range was left unissued).
 */
function docsSheet(docs: readonly (BookDocument | AdvanceDocument)[]): string {
  const series = new Map<string, (BookDocument | AdvanceDocument)[]>();
  for (const doc of docs)
    series.set(`${doc.kind}|${doc.series}`, [...(series.get(`${doc.kind}|${doc.series}`) ?? []), doc]);
  const rows = [...series.values()].flatMap((list) =>
    runsOf([...list].sort((a, b) => a.seq - b.seq)).map((run) => {
      const first = run[0] as BookDocument | AdvanceDocument;
      const last = run[run.length - 1] as BookDocument | AdvanceDocument;
      return [natures[first.kind], first.number, last.number, run.length, 0];
    }),
  );
  return csvLines([['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'], ...rows]);
}

const registerNames: Record<(BookDocument | AdvanceDocument)['kind'], string> = {
  invoice: 'Tax invoice',
  'credit-note': 'Credit note',
  'receipt-voucher': 'Receipt voucher',
  'refund-voucher': 'Refund voucher',
};

/** The invoice register: every document of the month, one a line, with its amounts. */
function registerSheet(docs: readonly BookDocument[], advances: readonly AdvanceDocument[]): string {
  return csvLines([
    [
      'Document',
      'Number',
      'Date',
      'Against',
      'Recipient',
      'Recipient GSTIN',
      'Place Of Supply',
      'SAC',
      'Rate',
      'Taxable Value',
      'CGST',
      'SGST',
      'IGST',
      'Total',
    ],
    ...[...docs, ...advances].map((doc) => [
      registerNames[doc.kind],
      doc.number,
      doc.date,
      'against' in doc && doc.against ? `${doc.against.number} of ${doc.against.date}` : '',
      doc.recipient,
      doc.recipientGstin ?? '',
      placeOfSupply(doc.pos),
      'sac' in doc ? doc.sac : '',
      doc.ratePercent,
      rupees(doc.taxablePaise),
      rupees(doc.cgstPaise),
      rupees(doc.sgstPaise),
      rupees(doc.igstPaise),
      rupees(doc.totalPaise),
    ]),
  ]);
}

/**
 * The month's sheets for the accountant's GSTR-1, by file name: what the books' zip holds. Every
 * sheet is there each month, with its header alone when the month has nothing for it.
 */
export function gstr1Sheets(
  docs: readonly BookDocument[],
  advances: readonly AdvanceDocument[] = [],
): Record<string, string> {
  const toBusinesses = docs.filter((doc) => supplyClassOf(doc) === 'b2b');
  const toPeople = docs.filter((doc) => supplyClassOf(doc) !== 'b2b');
  return {
    'b2b.csv': listedSheet('b2b', docs),
    'b2cl.csv': listedSheet('b2cl', docs),
    'b2cs.csv': b2csSheet(docs),
    'cdnr.csv': listedSheet('cdnr', docs),
    'cdnur.csv': listedSheet('cdnur', docs),
    'at.csv': atSheet(advances),
    'atadj.csv': atadjSheet(docs, advances),
    'hsn(b2b).csv': hsnSheet(toBusinesses),
    'hsn(b2c).csv': hsnSheet(toPeople),
    'docs.csv': docsSheet([...docs, ...advances]),
    'invoice-register.csv': registerSheet(docs, advances),
  };
}
