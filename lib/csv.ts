/**
 * The one CSV writer of the service and the dashboard: the form tables' downloads, a person's data
 * and the accountant's GSTR-1 sheets. Every cell goes through `csvField`, so that none a visitor
 * wrote reaches a spreadsheet as a formula.
 */

/** A CSV column: its header and how to read a row's cell. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string;
}

/**
 * Where a spreadsheet may start a formula or a command (OWASP's CSV injection guidance): at the
 * start of the cell, or after a `,`, `;`, tab or line break inside it (where a spreadsheet that splits
 * lines on it starts a new cell: one set to a European or Indian locale splits on `;`), after any
 * spaces or line breaks (which some spreadsheets skip), a trigger: = + - @ tab and carriage return,
 * their full-width forms (＝ ＋ － ＠), the pipe and the percent sign.
 */
const FORMULA_START = /(?:^|[,;\t\r\n])[\s\u3000]*(?=[=+\-@\t\r|%\uFF1D\uFF0B\uFF0D\uFF20])/g;

/** A number as written (an amount such as -50.00, a count, a rate): a spreadsheet reads it as that number, nothing more. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A text cell as no spreadsheet runs it: an apostrophe (which spreadsheets show as text) before
 * each trigger where a formula could start, at the start of the cell and after each separator
 * inside it (`=1` becomes `'=1`, `Ann;=x` becomes `Ann;'=x`). A plain number is left as it is: a
 * credit note's -50.00 stays a number the accountant can add up.
 */
export function guardFormula(cell: string): string {
  return PLAIN_NUMBER.test(cell) ? cell : cell.replace(FORMULA_START, "$&'");
}

/** One RFC 4180 field, formulas guarded: quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvField(cell: string | number): string {
  const safe = guardFormula(String(cell));
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Lines of cells as RFC 4180 CSV, each ended by CRLF. */
export function csvLines(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
}

/** The rows as RFC 4180 CSV: a header line, then a line per row. */
export function toCsv<Row>(columns: ReadonlyArray<CsvColumn<Row>>, rows: readonly Row[]): string {
  return csvLines([columns.map((c) => c.header), ...rows.map((row) => columns.map((c) => c.value(row)))]);
}
