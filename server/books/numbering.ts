/**
 * The books' numbering and calendar: each series' next number, taken in the transaction that issues
 * the document, and the months the books are read by (India time).
 */
import { financialYear, seriesFloor } from '@/lib/books/tax';
import { isoIndia } from '@/lib/india-time';
import type { Queryable } from '../store/db';
import { int, iso } from '../store/rows';

/** When this database last took rows written in another (a restore, a move): see migration 24. */
async function movedAt(tx: Queryable): Promise<Date | null> {
  const [row] = await tx.query<{ moved_at: unknown }>('SELECT moved_at FROM store_identity');
  return row?.moved_at ? new Date(iso(row.moved_at)) : null;
}

/** The database's clock as it reads now (not the transaction's start), so every instance numbers by one time. */
async function clockNow(tx: Queryable): Promise<Date> {
  const [row] = await tx.query<{ now: unknown }>('SELECT clock_timestamp() AS now');
  return new Date(iso(row?.now));
}

/**
 * The next number of a series and the moment it is taken: waits for any other issue of the series
 * to commit, then reads the clock, so a document's date never precedes the one numbered before it.
 * After a restore the series continues above its floor (seriesFloor). A number taken in the last
 * instant of a financial year whose moment falls in the next is left unused, and one taken there.
 */
export async function takeNumber(tx: Queryable, series: string): Promise<{ fy: string; seq: number; at: Date }> {
  const moved = await movedAt(tx);
  let fy = financialYear(await clockNow(tx));
  for (let tries = 0; ; tries++) {
    const [row] = await tx.query<{ last: number; at: unknown }>(
      `INSERT INTO document_series (series, fy, last) VALUES ($1, $2, $3::integer + 1)
       ON CONFLICT (series, fy) DO UPDATE SET last = greatest(document_series.last, $3::integer) + 1
       RETURNING last, clock_timestamp() AS at`,
      [series, fy, seriesFloor(moved, fy)],
    );
    const at = new Date(iso(row?.at));
    if (financialYear(at) === fy || tries > 0) return { fy, seq: int(row?.last), at };
    fy = financialYear(at);
  }
}

/** The first and last moments of a month (YYYY-MM), India time. */
export function monthBounds(month: string): [string, string] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return [`${month}-01T00:00:00+05:30`, `${next}-01T00:00:00+05:30`];
}

/** The day of a moment, India time, YYYY-MM-DD. */
export const dateOf = (at: string) => isoIndia(Date.parse(at)).slice(0, 10);
