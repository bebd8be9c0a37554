import { type Db, isStorageUnavailable } from './db';
import { int } from './rows';

/** At most this many rows in one statement (7 columns × 200 rows stays far below PostgreSQL's 65,535 parameters). */
const maxRows = 200;

/** `INSERT INTO table (…) VALUES (…), … RETURNING id` for `rows` rows; a column may carry a cast (`availability::text[]`). */
function insertSql(table: string, columns: readonly string[], rows: number): string {
  const names = columns.map((c) => c.split('::')[0]).join(', ');
  const casts = columns.map((c) => (c.includes('::') ? `::${c.split('::')[1]}` : ''));
  const tuples = Array.from(
    { length: rows },
    (_, r) => `(${casts.map((cast, c) => `$${r * casts.length + c + 1}${cast}`).join(', ')})`,
  );
  return `INSERT INTO ${table} (${names}) VALUES ${tuples.join(', ')} RETURNING id`;
}

/** One row, one statement; resolves with the row's id once durable. */
export function singleInsert(db: Db, table: string, columns: readonly string[]) {
  const sql = insertSql(table, columns, 1);
  return async (values: readonly unknown[]): Promise<number> =>
    Number((await db.write((tx) => tx.query<{ id: number }>(sql, values)))[0]?.id);
}

interface Pending {
  readonly values: readonly unknown[];
  resolve(id: number): void;
  reject(error: unknown): void;
}

/**
 * Rows that arrive together go into one multi-row INSERT. The embedded database runs on the
 * service's own thread, and each statement carries a fixed cost (its protocol round, its
 * transaction, its commit record) that is several times the cost of a row: one statement for the
 * submissions that reached the service in the same turn of the event loop keeps the thread free
 * for the next ones. Hand-written because no kept library batches inserts over PGlite.
 *
 * Each caller still gets its own row's id, or its own error: when a batch fails, its rows are
 * inserted one by one, so a row the database refuses fails alone. Each insert resolves once
 * durable (one write, one flush, for the whole batch); rows that arrive during it join the next.
 */
export function insertBatcher(db: Db, table: string, columns: readonly string[]) {
  const queue: Pending[] = [];
  let draining = false;

  const insert = async (rows: readonly Pending[]): Promise<number[]> => {
    const result = await db.write((tx) =>
      tx.query<{ id: number }>(
        insertSql(table, columns, rows.length),
        rows.flatMap((r) => r.values),
      ),
    );
    // The ids come from one sequence in the order of the VALUES list.
    return result.map((r) => int(r.id)).sort((a, b) => a - b);
  };

  const drain = async () => {
    while (queue.length > 0) {
      const rows = queue.splice(0, maxRows);
      try {
        const ids = await insert(rows);
        for (const [i, row] of rows.entries()) row.resolve(ids[i] ?? Number.NaN);
      } catch (error) {
        if (rows.length === 1 || isStorageUnavailable(error)) {
          for (const row of rows) row.reject(error);
          continue;
        }
        for (const row of rows) {
          try {
            row.resolve((await insert([row]))[0] ?? Number.NaN);
          } catch (own) {
            row.reject(own);
          }
        }
      }
    }
    draining = false;
  };

  return (values: readonly unknown[]): Promise<number> =>
    new Promise((resolve, reject) => {
      queue.push({ values, resolve, reject });
      if (draining) return;
      draining = true;
      // The other requests read in this turn of the event loop join the batch.
      setImmediate(() => void drain());
    });
}
