/** A CSV column: its header and how to read a row's cell. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string;
}

/**
 * A cell that a spreadsheet would run as a formula (=, +, -, @, or a leading tab or carriage
 * return) gets a leading apostrophe, which spreadsheets show as text (OWASP's CSV injection advice).
 */
export function guardFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
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
