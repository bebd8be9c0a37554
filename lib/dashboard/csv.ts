/** A CSV column: its header and how to read a row's cell. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string;
}

/**
 * What a spreadsheet may read as the start of a formula or a command (OWASP's CSV injection
 * guidance): = + - @ tab and carriage return, their full-width forms (＝ ＋ － ＠), the pipe and the
 * percent sign, also after leading spaces or line breaks (which some spreadsheets skip), at the start
 * or after a separator.
 */
const FORMULA_START = /(?:^|[,;\t])[\s\u3000]*[=+\-@\t\r|%\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A cell a spreadsheet could run as a formula gets a leading apostrophe, which spreadsheets show as
 * text: one that starts with a trigger, and one with a trigger after a `,` or `;` (a spreadsheet
 * that splits the line on `;`, as many set to a European or Indian locale do, would start a new cell there).
 */
export function guardFormula(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** One RFC 4180 field: quoted when it holds a comma, a quote or a line break; quotes doubled. */
export function csvField(cell: string): string {
  const safe = guardFormula(cell);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The rows as RFC 4180 CSV: a header line, CRLF line ends. */
export function toCsv<Row>(columns: ReadonlyArray<CsvColumn<Row>>, rows: readonly Row[]): string {
  const lines = [columns.map((c) => csvField(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A file name for a table's download: `<name>-YYYY-MM-DD.csv`. */
export function csvFileName(name: string, date: Date = new Date()): string {
  return `${name}-${date.toISOString().slice(0, 10)}.csv`;
}

/** A time as the dashboard shows it, India time, in a form spreadsheets read: 2027-01-08 14:05:09. */
export function csvIndiaTime(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return new Date(ms + 330 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}
