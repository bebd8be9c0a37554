import { parse } from 'csv-parse/sync';

/** Names a visitor could give that a spreadsheet would run as a formula, were they written as sent. */
export const formulaNames = [
  '=HYPERLINK("http://evil.example/x","ok")',
  '@SUM(A:A)',
  '+cmd|x',
  '-x',
  'Ann;=x',
  '＝HYPERLINK("http://evil.example/x")',
];

/** What starts a formula in a cell, after any white space a spreadsheet skips. */
const formulaStart = /^[\s\u3000]*[=+\-@\t\r|%\uFF1D\uFF0B\uFF0D\uFF20]/;
const plainNumber = /^-?\d+(\.\d+)?$/;

/**
 * The cells of `csv` that a spreadsheet would read as a formula, read back as one splitting lines
 * on `,` and as one splitting them on `;` (a European or Indian locale's) would: a plain number
 * such as -50.00 is a number, not a formula.
 */
export function formulaCells(csv: string): string[] {
  return [',', ';'].flatMap((delimiter) =>
    // Read on ';', the commas' quotes are mid-cell: taken as they stand, as such a spreadsheet takes them.
    (parse(csv, { delimiter, relax_column_count: true, relax_quotes: true, bom: true }) as string[][])
      .flat()
      .filter((cell) => formulaStart.test(cell) && !plainNumber.test(cell)),
  );
}
