import type { Db, Queryable } from './db';
import { migrations } from './migrations';
import { Store } from './store';
import { type IssuedMarks, issuedMarks, keepAboveMarks } from './issued-marks';
import { int, textOrNull } from './rows';

/**
 * A logical dump of the whole database, the same for PGlite and PostgreSQL: every table of its
 * schema (public, or the search_path's first), read from the catalog, so new tables are included
 * without a change here; each row as PostgreSQL's own JSON of it (to_jsonb), and every sequence's
 * position. Read in one
 * repeatable-read transaction, so it is one consistent moment even while the server writes.
 * Restored by loading the rows back with jsonb_populate_recordset, which reads each value with its
 * column's own type (timestamps, arrays, jsonb, bytea… exactly).
 */
export type DumpRecord =
  | { kind: 'header'; format: 'studio-backup'; version: 1; store: Db['kind']; createdAt: string; migrations: number[] }
  | { kind: 'table'; name: string; columns: string[] }
  | { kind: 'rows'; table: string; rows: Record<string, unknown>[] }
  /** Rows as dumped: each row's JSON text as PostgreSQL wrote it (written out as a 'rows' record). */
  | { kind: 'row-texts'; table: string; texts: string[] }
  | { kind: 'sequence'; name: string; lastValue: string | null }
  | { kind: 'end'; counts: Record<string, number> };

const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;
const chunkRows = 5000;

/** The tables of the schema, each after the tables its foreign keys point to. */
async function tablesInOrder(q: Queryable): Promise<string[]> {
  const tables = (
    await q.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
    )
  ).map((r) => r.name);
  const edges = await q.query<{ child: string; parent: string }>(
    `SELECT cr.relname AS child, pr.relname AS parent FROM pg_constraint c
     JOIN pg_class cr ON cr.oid = c.conrelid JOIN pg_class pr ON pr.oid = c.confrelid
     JOIN pg_namespace n ON n.oid = cr.relnamespace WHERE c.contype = 'f' AND n.nspname = current_schema()`,
  );
  const ordered: string[] = [];
  const visit = (table: string, seen: Set<string>) => {
    if (ordered.includes(table) || seen.has(table)) return;
    seen.add(table);
    for (const e of edges) if (e.child === table && e.parent !== table) visit(e.parent, seen);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered.filter((t) => tables.includes(t));
}

/** The columns a row can be given (generated columns are computed again). */
async function columnsOf(q: Queryable, table: string): Promise<string[]> {
  const rows = await q.query<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped
       AND attgenerated = '' ORDER BY attnum`,
    [quote(table)],
  );
  return rows.map((r) => r.name);
}

/**
 * Reads the whole database as dump records, handing each to `write` (which may wait: the next chunk
 * is read after it resolves). Resolves with the rows per table.
 */
export async function dumpDatabase(
  db: Db,
  write: (record: DumpRecord) => Promise<void>,
): Promise<Record<string, number>> {
  return db.read(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
    const applied = await tx.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    await write({
      kind: 'header',
      format: 'studio-backup',
      version: 1,
      store: db.kind,
      createdAt: new Date().toISOString(),
      migrations: applied.map((r) => int(r.version)),
    });
    const counts: Record<string, number> = {};
    for (const table of await tablesInOrder(tx)) {
      const columns = await columnsOf(tx, table);
      await write({ kind: 'table', name: table, columns });
      let n = 0;
      await tx.query(`DECLARE dump_rows NO SCROLL CURSOR FOR SELECT to_jsonb(t)::text AS j FROM ${quote(table)} t`);
      for (;;) {
        const rows = await tx.query<{ j: string }>(`FETCH ${chunkRows} FROM dump_rows`);
        if (rows.length === 0) break;
        n += rows.length;
        await write({ kind: 'row-texts', table, texts: rows.map((r) => r.j) });
      }
      await tx.query('CLOSE dump_rows');
      counts[table] = n;
    }
    const sequences = await tx.query<{ name: string; last_value: unknown }>(
      `SELECT sequencename AS name, last_value FROM pg_sequences WHERE schemaname = current_schema() ORDER BY sequencename`,
    );
    for (const s of sequences) await write({ kind: 'sequence', name: s.name, lastValue: textOrNull(s.last_value) });
    await write({ kind: 'end', counts });
    return counts;
  });
}

/** The tables, sequences and views of the schema: a database with any is not empty. */
async function tableCount(q: Queryable): Promise<number> {
  const rows = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'S', 'v', 'm')`,
  );
  return Number(rows[0]?.n ?? 0);
}

class RestoreError extends Error {}

/** Whether the database's schema has no table, sequence or view (nothing to back up before a restore). */
export const isEmptyDatabase = async (q: Queryable): Promise<boolean> => (await tableCount(q)) === 0;

type Header = Extract<DumpRecord, { kind: 'header' }>;

/** Throws unless `first` is the header of a backup this version can restore. */
function checkHeader(first: DumpRecord | undefined): Header {
  if (first?.kind !== 'header' || first.format !== 'studio-backup')
    throw new RestoreError('This file is not a backup of this site (no backup header).');
  const known = new Set(migrations.map((m) => m.version));
  const unknown = first.migrations.filter((v) => !known.has(v));
  if (unknown.length > 0)
    throw new RestoreError(
      `The backup was made by a newer version of the site (migrations ${unknown.join(', ')}): restore it with that version.`,
    );
  return first;
}

/**
 * Reads a whole dump without loading it: its header, every record, and each table's rows against
 * the counts of its last record. Throws what a restore would refuse (a foreign, cut or damaged file)
 * before anything is touched; resolves with the rows per table.
 */
export async function checkDump(records: AsyncIterable<DumpRecord>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  let header: Header | undefined;
  let end: Record<string, number> | undefined;
  for await (const record of records) {
    if (!header) header = checkHeader(record);
    else if (record.kind === 'table') counts[record.name] = 0;
    else if (record.kind === 'rows' || record.kind === 'row-texts')
      counts[record.table] =
        (counts[record.table] ?? 0) + (record.kind === 'rows' ? record.rows.length : record.texts.length);
    else if (record.kind === 'end') end = record.counts;
  }
  checkHeader(header);
  checkEnd(end, counts);
  return counts;
}

function checkEnd(end: Record<string, number> | undefined, counts: Record<string, number>): void {
  if (!end) throw new RestoreError('The backup is incomplete (it ends before its last record): nothing was restored.');
  for (const [table, n] of Object.entries(end))
    if (counts[table] !== n)
      throw new RestoreError(
        `The backup's ${table} should have ${n} rows and has ${counts[table] ?? 0}: nothing was restored.`,
      );
}

/** Drops every view, table, sequence and function of the schema (inside the caller's transaction). */
async function emptySchema(tx: Queryable): Promise<void> {
  const drops = await tx.query<{ sql: string }>(
    `SELECT format('DROP VIEW IF EXISTS %I CASCADE', c.relname) AS sql FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind IN ('v', 'm')
     UNION ALL
     SELECT format('DROP TABLE IF EXISTS %I CASCADE', c.relname) FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
     UNION ALL
     SELECT format('DROP SEQUENCE IF EXISTS %I CASCADE', c.relname) FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind = 'S'
     UNION ALL
     SELECT format('DROP FUNCTION IF EXISTS %s CASCADE', p.oid::regprocedure) FROM pg_proc p
       JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = current_schema()`,
  );
  for (const { sql } of drops) await tx.query(sql);
}

/** Whether the database has applied exactly the migrations `versions` (and so has their schema). */
async function sameMigrations(q: Queryable, versions: readonly number[]): Promise<boolean> {
  const [present] = await q.query<{ yes: boolean }>(`SELECT to_regclass('schema_migrations') IS NOT NULL AS yes`);
  if (!present?.yes) return false;
  const applied = await q.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
  const wanted = [...versions].sort((a, b) => a - b);
  return applied.length === wanted.length && applied.every((r, i) => int(r.version) === wanted[i]);
}

/**
 * Loads a dump into an empty database: the migrations the dump's database had, then every row (ids
 * kept; triggers off while loading, so nothing is enqueued or notified again), then the sequences,
 * all in one transaction that commits only when the dump's last record has been read and every
 * count matches; then the migrations the dump predates. Resolves with the rows per table. The rows
 * are marked as written elsewhere (store_identity), so ids and document series move above what the
 * old database may have issued since its backup when keepIdsAboveRestores next runs. With
 * `replace`, the database need not be empty: everything in its schema is dropped in that same
 * transaction (PostgreSQL's DDL is transactional), so a failed restore leaves it as it was; when it
 * has applied exactly the dump's migrations, its tables are only emptied (TRUNCATE), in that same
 * transaction too. What it had numbered (its IssuedMarks) stays numbered; `above` gives those of a
 * database set aside.
 */
export async function restoreDatabase(
  db: Db,
  records: AsyncIterable<DumpRecord>,
  opts: { replace?: boolean; above?: IssuedMarks } = {},
): Promise<Record<string, number>> {
  if (!opts.replace && (await tableCount(db)) > 0)
    throw new RestoreError('The target database is not empty: restore into an empty folder or database.');
  const iterator = records[Symbol.asyncIterator]();
  const first = checkHeader((await iterator.next()).value as DumpRecord | undefined);
  const store = new Store(db);
  // One transaction: a failed restore (a cut file, a wrong count) leaves the database as it was
  // (empty, or with what `replace` would have dropped).
  let marks = opts.above;
  const counts = await db.write(async (tx) => {
    if (opts.replace) marks ??= await issuedMarks(tx);
    // When the schema is already the one the dump's migrations make, only its rows are replaced
    // (below): dropping it and running every migration again took seconds on the embedded database.
    if (!(opts.replace && (await sameMigrations(tx, first.migrations)))) {
      if (opts.replace) await emptySchema(tx);
      await tx.query(
        'CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      for (const m of migrations.filter((m) => first.migrations.includes(m.version))) await tx.exec(m.sql);
    }
    const tables = await tablesInOrder(tx);
    for (const table of tables) await tx.query(`ALTER TABLE ${quote(table)} DISABLE TRIGGER USER`);
    // What the migrations seeded (a settings row…), or the database held, is replaced by the dump's rows.
    await tx.query(`TRUNCATE ${tables.map(quote).join(', ')}`);
    const counts: Record<string, number> = {};
    const columns = new Map<string, string[]>();
    let end: Record<string, number> | undefined;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      const record = next.value;
      if (record.kind === 'table') {
        if (!tables.includes(record.name))
          throw new RestoreError(`The backup has a table this version does not know: ${record.name}.`);
        columns.set(record.name, record.columns);
        counts[record.name] = 0;
      } else if (record.kind === 'rows' || record.kind === 'row-texts') {
        const rows = record.kind === 'rows' ? JSON.stringify(record.rows) : `[${record.texts.join(',')}]`;
        const n = record.kind === 'rows' ? record.rows.length : record.texts.length;
        const cols = (columns.get(record.table) ?? []).map(quote).join(', ');
        await tx.query(
          `INSERT INTO ${quote(record.table)} (${cols}) OVERRIDING SYSTEM VALUE
           SELECT ${cols} FROM jsonb_populate_recordset(NULL::${quote(record.table)}, $1::jsonb)`,
          [rows],
        );
        counts[record.table] = (counts[record.table] ?? 0) + n;
      } else if (record.kind === 'sequence') {
        if (record.lastValue !== null)
          await tx.query('SELECT setval($1::regclass, $2::bigint, true)', [`${quote(record.name)}`, record.lastValue]);
      } else if (record.kind === 'end') {
        end = record.counts;
      }
    }
    checkEnd(end, counts);
    // The rows now live in another database than the one they were written in, even when restored
    // over it: ids and document numbers move above anything issued after the backup (migrations 15, 24).
    if (tables.includes('store_identity')) await tx.query(`UPDATE store_identity SET value = 'restored'`);
    for (const table of tables) await tx.query(`ALTER TABLE ${quote(table)} ENABLE TRIGGER USER`);
    return counts;
  });
  await store.migrate();
  // What the replaced database (or the one set aside for this restore) numbered is never numbered again.
  const above = marks;
  if (above) await db.write((tx) => keepAboveMarks(tx, above));
  return counts;
}
