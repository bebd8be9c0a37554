import { csvLines } from '@/lib/csv';
import { placeOfSupply } from './states';
import { rupees } from './tax';

/** An invoice or a credit note as the books read it (a credit note's amounts are positive). */
export interface BookDocument {
  kind: 'invoice' | 'credit-note';
  /** Its row (an invoice's or a credit note's id). */
  id: number;
  number: string;
  series: string;
  seq: number;
  /** Date of issue, India time, YYYY-MM-DD. */
  date: string;
  recipient: string;
  /** The place of supply's state code. */
  pos: string;
  sac: string;
  description: string;
  ratePercent: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  /** A credit note's invoice: its number and date. */
  against?: { number: string; date: string };
}

const sign = (doc: BookDocument) => (doc.kind === 'credit-note' ? -1 : 1);

/** Amounts added up over documents (a credit note's taken off), and how many. */
export interface Sums {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  count: number;
}
const zero = (): Sums => ({ taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0, count: 0 });
const add = (sums: Sums, doc: BookDocument) => {
  const s = sign(doc);
  sums.taxablePaise += s * doc.taxablePaise;
  sums.cgstPaise += s * doc.cgstPaise;
  sums.sgstPaise += s * doc.sgstPaise;
  sums.igstPaise += s * doc.igstPaise;
  sums.totalPaise += s * doc.totalPaise;
  sums.count += 1;
};

function groupBy(docs: readonly BookDocument[], key: (doc: BookDocument) => string): Map<string, Sums> {
  const groups = new Map<string, Sums>();
  for (const doc of docs) {
    const k = key(doc);
    const sums = groups.get(k) ?? zero();
    add(sums, doc);
    groups.set(k, sums);
  }
  return new Map([...groups].sort(([a], [b]) => a.localeCompare(b)));
}

/** The month's totals by place of supply and rate, net of credit notes (GSTR-1 table 7). */
export const byPlaceAndRate = (docs: readonly BookDocument[]) =>
  groupBy(docs, (doc) => `${doc.pos}|${doc.ratePercent}`);

/** The month's totals, net of credit notes. */
export function totals(docs: readonly BookDocument[]): Sums {
  const sums = zero();
  for (const doc of docs) add(sums, doc);
  return sums;
}

/** `b2cs`: B2C small supplies by place of supply and rate, net of credit notes, as the offline utility's sheet. */
function b2csSheet(docs: readonly BookDocument[]): string {
  const rows = [...byPlaceAndRate(docs)].map(([key, sums]) => {
    const [pos = '', rate = ''] = key.split('|');
    return ['OE', placeOfSupply(pos), rate, '', rupees(sums.taxablePaise), '0.00', ''];
  });
  return csvLines([
    ['Type', 'Place Of Supply', 'Rate', 'Applicable % of Tax Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
    ...rows,
  ]);
}

/** `hsn`: the HSN/SAC summary, one row per SAC and rate, net of credit notes. */
function hsnSheet(docs: readonly BookDocument[]): string {
  const descriptions = new Map(docs.map((doc) => [doc.sac, doc.description]));
  const rows = [...groupBy(docs, (doc) => `${doc.sac}|${doc.ratePercent}`)].map(([key, sums]) => {
    const [sac = '', rate = ''] = key.split('|');
    const quantity = docs
      .filter((d) => d.sac === sac && String(d.ratePercent) === rate)
      .reduce((n, d) => n + sign(d), 0);
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
function runsOf(sorted: readonly BookDocument[]): BookDocument[][] {
  const runs: BookDocument[][] = [];
  for (const doc of sorted) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && doc.seq === last.seq + 1) run.push(doc);
    else runs.push([doc]);
  }
  return runs;
}

/**
 * `docs`: the documents issued, each series from–to with its count, one row per run of consecutive
 * numbers (nothing is ever cancelled: a credit note corrects; a series moved on after a restore
 * starts a new run, so no number in a row's range was left unissued).
 */
function docsSheet(docs: readonly BookDocument[]): string {
  const series = new Map<string, BookDocument[]>();
  for (const doc of docs)
    series.set(`${doc.kind}|${doc.series}`, [...(series.get(`${doc.kind}|${doc.series}`) ?? []), doc]);
  const rows = [...series.values()].flatMap((list) =>
    runsOf([...list].sort((a, b) => a.seq - b.seq)).map((run) => {
      const first = run[0] as BookDocument;
      const last = run[run.length - 1] as BookDocument;
      const nature = first.kind === 'invoice' ? 'Invoices for outward supply' : 'Credit Note';
      return [nature, first.number, last.number, run.length, 0];
    }),
  );
  return csvLines([['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'], ...rows]);
}

/** The invoice register: every document of the month, one a line, with its amounts. */
function registerSheet(docs: readonly BookDocument[]): string {
  return csvLines([
    [
      'Document',
      'Number',
      'Date',
      'Against',
      'Recipient',
      'Place Of Supply',
      'SAC',
      'Rate',
      'Taxable Value',
      'CGST',
      'SGST',
      'IGST',
      'Total',
    ],
    ...docs.map((doc) => [
      doc.kind === 'invoice' ? 'Tax invoice' : 'Credit note',
      doc.number,
      doc.date,
      doc.against ? `${doc.against.number} of ${doc.against.date}` : '',
      doc.recipient,
      placeOfSupply(doc.pos),
      doc.sac,
      doc.ratePercent,
      rupees(doc.taxablePaise),
      rupees(doc.cgstPaise),
      rupees(doc.sgstPaise),
      rupees(doc.igstPaise),
      rupees(doc.totalPaise),
    ]),
  ]);
}

/** The month's sheets for the accountant's GSTR-1, by file name: what the books' zip holds. */
export const gstr1Sheets = (docs: readonly BookDocument[]): Record<string, string> => ({
  'b2cs.csv': b2csSheet(docs),
  'hsn.csv': hsnSheet(docs),
  'docs.csv': docsSheet(docs),
  'invoice-register.csv': registerSheet(docs),
});
