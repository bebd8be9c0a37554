import { CsvError, parse } from 'csv-parse/sync';

/**
 * A bank or UPI business app's statement, as the CSV staff download from it: the credits it lists
 * are matched against the visitors' payment claims by UTR and amount. Banks put a few lines of
 * account details above the table and name their columns each in their own way, so the header
 * row is found, its columns are guessed (or chosen once by staff and remembered) and every credit
 * row is read with the line it stands on, for messages staff can act on.
 */

/** Which columns hold what: the UTR (or a narration that contains it) and the credited amount. */
export interface StatementMapping {
  utr: string;
  amount: string;
  /** The transaction date, shown beside each credit (optional). */
  date?: string;
}

export interface StatementCredit {
  /** The line of the file (1-based), as a spreadsheet numbers it. */
  line: number;
  /** The 12-digit UTR found in the UTR column, or null when the row has none. */
  utr: string | null;
  amountPaise: number;
  date: string;
}

interface StatementProblem {
  line: number;
  message: string;
}

export type ReadStatement =
  | {
      ok: true;
      header: readonly string[];
      mapping: StatementMapping;
      credits: StatementCredit[];
      problems: StatementProblem[];
    }
  /** The columns could not be told apart: staff choose among `header`. */
  | { ok: false; reason: 'mapping'; message: string; header: readonly string[] }
  /** The file is not a CSV table (or holds no rows): the message names the line. */
  | { ok: false; reason: 'malformed'; message: string };

/** How a header cell reads for comparison: lower case, letters and digits only. */
const norm = (cell: string): string => cell.toLowerCase().replace(/[^a-z0-9]+/g, '');

const utrNames = ['utr', 'utrno', 'utrnumber', 'rrn', 'upirefno', 'upirefid', 'bankrrn', 'utrrrn', 'banktransactionid'];
const narrationNames = ['narration', 'description', 'transactionremarks', 'remarks', 'particulars', 'details'];
const amountNames = [
  'credit',
  'creditamount',
  'depositamt',
  'depositamount',
  'depositamountinr',
  'cramount',
  'amount',
  'amountinr',
  'txnamount',
  'transactionamount',
];
const dateNames = ['date', 'txndate', 'transactiondate', 'valuedate', 'valuedt', 'createdon', 'transactiontime'];

function findColumn(header: readonly string[], names: readonly string[]): string | undefined {
  for (const name of names) {
    const found = header.find((cell) => norm(cell) === name);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The columns a statement's header names in a way we know, or undefined. */
export function guessMapping(header: readonly string[]): StatementMapping | undefined {
  const utr = findColumn(header, utrNames) ?? findColumn(header, narrationNames);
  const amount = findColumn(header, amountNames);
  if (utr === undefined || amount === undefined) return undefined;
  const date = findColumn(header, dateNames);
  return date === undefined ? { utr, amount } : { utr, amount, date };
}

/** The key a mapping is remembered under: the header's cells as they read. */
export function headerSignature(header: readonly string[]): string {
  return header.map(norm).join('|');
}

/** The 12-digit UTR in a cell (alone, or inside a narration such as `UPI/412345678901/…`). */
export function utrIn(cell: string): string | null {
  return /(?<!\d)\d{12}(?!\d)/.exec(cell.replace(/\s/g, ''))?.[0] ?? null;
}

/**
 * An amount as statements write it (`1,499.00`, `₹ 1499`, `1,499.00 Cr`) in paise; 0 for an empty
 * cell (a debit row), undefined when the cell is not an amount.
 */
export function amountPaise(cell: string): number | undefined {
  const text = cell.replace(/[₹,\s]|INR|Rs\.?|Cr$/gi, '');
  if (text === '' || text === '-') return 0;
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) return undefined;
  return Math.round(Number(text) * 100);
}

/** Rows of the file; each row knows its line. Throws a one-line message naming the line. */
function rowsOf(csv: string): Array<{ line: number; cells: string[] }> {
  try {
    const records = parse(csv.replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
      delimiter: [',', ';', '\t'],
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
    return records.map(({ record, info }) => ({ line: info.lines, cells: record }));
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines;
      throw new Error(
        `Line ${line ?? '?'}: this is not a CSV table we can read (${error.message.replace(/^Invalid [^:]*: /, '')}).`,
      );
    }
    throw error;
  }
}

/** The first row that a remembered or guessed mapping recognises, with that mapping. */
function headerOf(
  rows: ReadonlyArray<{ line: number; cells: string[] }>,
  remembered: (signature: string) => StatementMapping | undefined,
  chosen: StatementMapping | undefined,
): { index: number; mapping: StatementMapping } | undefined {
  for (const [index, row] of rows.entries()) {
    const fits = (m: StatementMapping | undefined) =>
      m && row.cells.includes(m.utr) && row.cells.includes(m.amount) && (!m.date || row.cells.includes(m.date));
    if (chosen && fits(chosen)) return { index, mapping: chosen };
    const known = remembered(headerSignature(row.cells));
    if (fits(known) && known) return { index, mapping: known };
    const guessed = chosen ? undefined : guessMapping(row.cells);
    if (guessed) return { index, mapping: guessed };
  }
  return undefined;
}

/**
 * Reads a statement: finds its header, then every credit below it. Debit rows (no credited
 * amount) are passed over; a credit whose amount cannot be read is a problem naming its line.
 */
export function readStatement(
  csv: string,
  opts: { chosen?: StatementMapping; remembered?: (signature: string) => StatementMapping | undefined } = {},
): ReadStatement {
  let rows: Array<{ line: number; cells: string[] }>;
  try {
    rows = rowsOf(csv);
  } catch (error) {
    return { ok: false, reason: 'malformed', message: (error as Error).message };
  }
  if (rows.length < 2)
    return { ok: false, reason: 'malformed', message: 'Line 1: the file holds no table of transactions.' };
  const found = headerOf(rows, opts.remembered ?? (() => undefined), opts.chosen);
  if (!found) {
    const widest = rows.reduce((a, b) => (b.cells.length > a.cells.length ? b : a));
    return {
      ok: false,
      reason: 'mapping',
      message: opts.chosen
        ? `No row of the file has the columns "${opts.chosen.utr}" and "${opts.chosen.amount}".`
        : 'Choose which column holds the UTR (or the narration) and which the credited amount.',
      header: widest.cells,
    };
  }
  const header = rows[found.index]?.cells ?? [];
  const at = (name: string | undefined) => (name === undefined ? -1 : header.indexOf(name));
  const [utrAt, amountAt, dateAt] = [at(found.mapping.utr), at(found.mapping.amount), at(found.mapping.date)];
  const credits: StatementCredit[] = [];
  const problems: StatementProblem[] = [];
  for (const { line, cells } of rows.slice(found.index + 1)) {
    if (cells.length <= Math.max(utrAt, amountAt)) continue; // a closing line (totals, "End of statement")
    const rawAmount = cells[amountAt] ?? '';
    const paise = amountPaise(rawAmount);
    if (paise === undefined) {
      problems.push({ line, message: `Line ${line}: the amount "${rawAmount.slice(0, 40)}" is not a number.` });
      continue;
    }
    if (paise <= 0) continue;
    credits.push({
      line,
      utr: utrIn(cells[utrAt] ?? ''),
      amountPaise: paise,
      date: dateAt >= 0 ? (cells[dateAt] ?? '') : '',
    });
  }
  return { ok: true, header, mapping: found.mapping, credits, problems };
}

/** What a claim needs for matching. */
export interface ClaimForMatch {
  id: number;
  utr: string;
  amountPaise: number;
  status: 'pending' | 'verified' | 'rejected';
}

export interface StatementMatch<C extends ClaimForMatch> {
  /** Pending claims whose UTR and amount the statement shows: proposed for verification. */
  matches: Array<{ claim: C; credit: StatementCredit }>;
  /** A credit with a claim's UTR but another amount. */
  mismatches: Array<{ claim: C; credit: StatementCredit }>;
  /** Credits no claim names (or that carry no UTR). */
  unclaimed: StatementCredit[];
  /** Credits whose claim was already verified or rejected. */
  alreadyReviewed: number;
  /** Lines that repeat the UTR of a claim already listed (each claim is listed once). */
  repeated: number;
}

/**
 * Matches a statement's credits to claims by UTR, then amount. Each claim is listed once: as a match
 * when any line with its UTR has its amount, else as a mismatch with its first line. Nothing is changed.
 */
export function matchStatement<C extends ClaimForMatch>(
  credits: readonly StatementCredit[],
  claims: readonly C[],
): StatementMatch<C> {
  const byUtr = new Map(claims.map((claim) => [claim.utr, claim]));
  const result: StatementMatch<C> = { matches: [], mismatches: [], unclaimed: [], alreadyReviewed: 0, repeated: 0 };
  const listed = new Set<number>();
  for (const credit of credits) {
    const claim = credit.utr === null ? undefined : byUtr.get(credit.utr);
    if (!claim) result.unclaimed.push(credit);
    else if (claim.status !== 'pending') result.alreadyReviewed += 1;
    else if (!listed.has(claim.id)) {
      listed.add(claim.id);
      (claim.amountPaise === credit.amountPaise ? result.matches : result.mismatches).push({ claim, credit });
    } else {
      result.repeated += 1;
      // A later line with the claim's amount turns its mismatch into the match.
      const at = result.mismatches.findIndex((m) => m.claim.id === claim.id);
      if (at >= 0 && claim.amountPaise === credit.amountPaise) {
        result.mismatches.splice(at, 1);
        result.matches.push({ claim, credit });
      }
    }
  }
  return result;
}
