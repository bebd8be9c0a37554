import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
} from 'node:fs';
import { type FileHandle, open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { type Db, durable, type Queryable, UnconfirmedWriteError } from './db';
import { trackWrites } from './fs-sync';
import { acquireDataDirLock } from './lock';

/** A DATA_DIR that cannot hold the embedded database, with what to do about it. */
class DataDirError extends Error {}

/** The message of anything thrown, also of the non-Error values PGlite's file system throws. */
export function describeError(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  const e = error as { code?: unknown; errno?: unknown; name?: unknown } | undefined;
  const parts = [e?.name, e?.code, e?.errno !== undefined ? `errno ${String(e.errno)}` : undefined].filter(Boolean);
  return parts.length > 0 ? parts.map(String).join(', ') : String(error);
}

/**
 * Checks DATA_DIR before the database opens, so that each problem gets its own clear message:
 * a broken symbolic link, a file in the way, a folder this user cannot write, a folder that holds
 * something else. Returns the real path (symbolic links followed), created when missing.
 */
function prepareDataDir(dataDir: string): string {
  const given = path.resolve(dataDir);
  const fail = (what: string) => new DataDirError(`DATA_DIR ${given} ${what}`);
  let info: ReturnType<typeof lstatSync> | undefined;
  try {
    info = lstatSync(given);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw fail(`cannot be read: ${describeError(error)}.`);
  }
  let dir = given;
  if (info?.isSymbolicLink()) {
    try {
      dir = realpathSync(given);
      info = statSync(dir);
    } catch {
      throw fail('is a symbolic link to a folder that does not exist: create the target or point DATA_DIR elsewhere.');
    }
  }
  if (info && !info.isDirectory())
    throw fail('is a file, not a folder: point DATA_DIR at a folder (created on first start).');
  if (!info) {
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
    } catch (error) {
      throw fail(`cannot be created (${describeError(error)}): create it, or choose a folder this user can write.`);
    }
  }
  try {
    accessSync(dir, constants.R_OK | constants.W_OK | constants.X_OK);
    const probe = path.join(dir, `.write-test-${process.pid}`);
    closeSync(openSync(probe, 'w'));
    rmSync(probe);
  } catch (error) {
    throw fail(`is not writable by this user (${describeError(error)}): give the server's user write access to it.`);
  }
  const entries = readdirSync(dir).filter((name) => !name.startsWith('studio-server.lock'));
  if (entries.length > 0 && !entries.includes('PG_VERSION')) {
    throw fail('holds other files and no database (no PG_VERSION): point DATA_DIR at a new or empty folder.');
  }
  return dir;
}

/**
 * PGlite runs PostgreSQL with fsync off and its Node file system has no fsync, so its writes reach
 * the operating system but not necessarily the disk. `flush()` fdatasyncs the write-ahead log
 * (which holds every committed transaction); concurrent callers share one sync (group commit).
 * The syncs run on libuv's thread pool, so the event loop (which also runs PGlite) keeps working
 * while the disk catches up; each segment's handle stays open until PostgreSQL removes or recycles
 * it, and a new segment's directory entry is synced once, when it first appears.
 */
function walSyncer(dataDir: string): { flush: () => Promise<void>; close: () => Promise<void> } {
  const walDir = path.join(dataDir, 'pg_wal');
  const handles = new Map<string, FileHandle>();
  const syncAll = async () => {
    const names = new Set((await readdir(walDir)).filter((name) => /^[0-9A-F]{24}$/.test(name)));
    for (const [name, handle] of handles) {
      if (names.has(name)) continue;
      handles.delete(name);
      await handle.close();
    }
    let added = false;
    for (const name of names) {
      if (handles.has(name)) continue;
      handles.set(name, await open(path.join(walDir, name), 'r+'));
      added = true;
    }
    await Promise.all([...handles.values()].map((handle) => handle.datasync()));
    if (added) {
      const dir = await open(walDir, 'r');
      try {
        await dir.sync();
      } finally {
        await dir.close();
      }
    }
  };
  let current: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const run = (): Promise<void> => {
    current = syncAll().finally(() => (current = undefined));
    return current;
  };
  return {
    flush: () => {
      if (!current) return run();
      // The sync in flight may have started before the caller's commit: join the next one.
      next ??= current
        .catch(() => undefined)
        .then(() => {
          next = undefined;
          return run();
        });
      return next;
    },
    close: async () => {
      await Promise.allSettled([current, next]);
      await Promise.allSettled([...handles.values()].map((handle) => handle.close()));
      handles.clear();
    },
  };
}

/** After a failed sync the process stops (a supervisor restarts it), once the answers in flight are out. */
function exitSoon(): void {
  setTimeout(() => process.exit(75), 1000);
}

/**
 * Opens (creating on first use) the embedded database in `dataDir`. A failed fsync stops the store:
 * it is said through `log` (the owner's log; standard error when absent), every later statement and
 * flush fails with UnconfirmedWriteError (503), and `onFatal` runs (by default the process exits a
 * second later).
 */
export async function openPglite(
  dataDir: string,
  opts: { onFatal?: () => void; log?: (line: string) => void } = {},
): Promise<Db> {
  const dir = prepareDataDir(dataDir);
  const lock = acquireDataDirLock(dir, opts.log);
  let failed: unknown;
  const fatal = (error: unknown) => {
    if (failed !== undefined) return;
    failed = error ?? 'unknown error';
    (opts.log ?? console.error)(
      `The embedded database in ${dir} could not sync to disk (${describeError(error)}); stopping.`,
    );
    (opts.onFatal ?? exitSoon)();
  };
  const stopped = () => {
    if (failed !== undefined) throw new UnconfirmedWriteError(failed);
  };
  // Installed before PGlite starts: the checkpoint that ends a crash recovery is synced too.
  const tracker = trackWrites(dir, fatal);
  let pg: PGlite;
  try {
    // btree_gist: the bookings' exclusion constraints (migration 27) compare ids in a GiST index.
    pg = await PGlite.create(dir, { extensions: { btree_gist } });
    tracker.syncAll();
    // A write runs only in `write`'s transaction (SET TRANSACTION READ WRITE): see Db.
    await pg.exec('SET default_transaction_read_only = on');
  } catch (error) {
    tracker.dispose();
    lock.release();
    throw new DataDirError(`The embedded database in ${dir} could not be opened: ${describeError(error)}`);
  }
  const wal = walSyncer(dir);
  // Every statement first makes sure the folder is still this process's (else it stops at once).
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
      stopped();
      lock.check();
      const result = await q.query<Row>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      stopped();
      lock.check();
      await q.exec(sql);
    },
  });
  const base = wrap(pg);
  return durable({
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (mode, fn) =>
      pg.transaction(async (tx) => {
        const q = wrap(tx);
        if (mode === 'read write') await q.query('SET TRANSACTION READ WRITE');
        return fn(q);
      }),
    async flush() {
      stopped();
      try {
        await wal.flush();
      } catch (error) {
        fatal(error);
        throw new UnconfirmedWriteError(error);
      }
    },
    async close() {
      try {
        await wal.close();
        await pg.close();
        // The shutdown checkpoint's files (synced as it went) and whatever is left.
        if (failed === undefined) tracker.syncAll();
      } finally {
        tracker.dispose();
        lock.release();
      }
    },
  });
}

/** Whether `dataDir` holds an embedded database. */
export const hasPgliteDatabase = (dataDir: string): boolean => existsSync(path.join(dataDir, 'PG_VERSION'));

/**
 * With DATABASE_URL set, an embedded database still in DATA_DIR is what a move to PostgreSQL left
 * behind: nothing reads it any more. The warning that names it (npm start, npm run db:backup and the
 * launch check print it), else undefined.
 */
export function leftoverEmbeddedDatabase(env: { DATABASE_URL?: string; DATA_DIR: string }): string | undefined {
  if (!env.DATABASE_URL || !hasPgliteDatabase(env.DATA_DIR)) return undefined;
  const dir = path.resolve(env.DATA_DIR);
  return (
    `Warning: ${dir} (DATA_DIR) holds an embedded database that nothing uses: DATABASE_URL is set, so the site runs on PostgreSQL. ` +
    `It is what the move to PostgreSQL left behind; once a backup of PostgreSQL is taken (npm run db:backup), remove it: rm -r ${dir}`
  );
}
