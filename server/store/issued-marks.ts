import type { Queryable } from './db';
import { int } from './rows';

/**
 * What a database has issued so far: each document series' last number (invoices, credit notes)
 * and each id sequence's last value. A restore over a database (or in place of one set aside)
 * carries them into the restored rows, so nothing that database numbered is numbered again,
 * however soon after its backup or another restore it happens. The time-based floors of a restore
 * (keep_ids_above_restores, seriesFloor) stay for what no database at hand remembers: a backup
 * restored on another machine.
 */
export interface IssuedMarks {
  series: Array<{ series: string; fy: string; last: number }>;
  sequences: Record<string, number>;
}

const hasTable = async (q: Queryable, name: string): Promise<boolean> => {
  const [row] = await q.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = current_schema() AND c.relname = $1 AND c.relkind = 'r') AS found`,
    [name],
  );
  return row?.found === true;
};

/** The marks of the database `q` reads (empty when it has none yet). */
export async function issuedMarks(q: Queryable): Promise<IssuedMarks> {
  const series = (await hasTable(q, 'document_series'))
    ? await q.query<{ series: string; fy: string; last: number }>('SELECT series, fy, last FROM document_series')
    : [];
  const sequences = await q.query<{ name: string; value: unknown }>(
    `SELECT sequencename AS name, last_value AS value FROM pg_sequences
     WHERE schemaname = current_schema() AND last_value IS NOT NULL`,
  );
  return {
    series: series.map((s) => ({ series: s.series, fy: s.fy, last: int(s.last) })),
    sequences: Object.fromEntries(sequences.map((s) => [s.name, Number(s.value)])),
  };
}

/** Moves the database's series and sequences up to `marks` where they are below (a sequence it no longer has is skipped). */
export async function keepAboveMarks(q: Queryable, marks: IssuedMarks): Promise<void> {
  if (marks.series.length > 0 && (await hasTable(q, 'document_series'))) {
    await q.query(
      `INSERT INTO document_series (series, fy, last) SELECT * FROM unnest($1::text[], $2::text[], $3::integer[])
       ON CONFLICT (series, fy) DO UPDATE SET last = greatest(document_series.last, excluded.last)`,
      [marks.series.map((s) => s.series), marks.series.map((s) => s.fy), marks.series.map((s) => s.last)],
    );
  }
  const here = await q.query<{ name: string; value: unknown }>(
    `SELECT sequencename AS name, coalesce(last_value, 0) AS value FROM pg_sequences WHERE schemaname = current_schema()`,
  );
  for (const { name, value } of here) {
    const mark = marks.sequences[name];
    if (mark !== undefined && mark > Number(value))
      await q.query('SELECT setval($1::regclass, $2::bigint, true)', [`"${name.replaceAll('"', '""')}"`, mark]);
  }
}
