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
