import {
  closeSync,
  fdatasyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './db';

/** Thrown when another live process holds the embedded database. */
export class DataDirInUseError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is one process's database: two processes on one folder would corrupt it. A lock file
 * beside the folder (`<dir>.lock`, holding the owner's pid) refuses a second opener, and a lock
 * left by a dead process is taken over.
 */
const heldHere = new Set<string>();

function acquireLock(dataDir: string): string {
  const lock = `${dataDir}.lock`;
  if (heldHere.has(lock)) {
    throw new DataDirInUseError(`The database in ${dataDir} is already open in this process.`);
  }
  mkdirSync(path.dirname(lock), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      heldHere.add(lock);
      return lock;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lock, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) {
        throw new DataDirInUseError(
          `The database in ${dataDir} is in use by process ${owner}. Stop that process first (the embedded database allows one process at a time; use DATABASE_URL for more).`,
        );
      }
      rmSync(lock, { force: true });
    }
  }
  throw new DataDirInUseError(`Could not lock ${dataDir}`);
}

/**
 * PGlite runs PostgreSQL with fsync off and its Node file system has no fsync, so its writes reach
 * the operating system but not necessarily the disk. `flush()` fdatasyncs the write-ahead log
 * (which holds every committed transaction); concurrent callers share one sync (group commit).
 */
function walSyncer(dataDir: string): () => Promise<void> {
  const walDir = path.join(dataDir, 'pg_wal');
  const syncAll = () => {
    for (const name of readdirSync(walDir)) {
      if (!/^[0-9A-F]{24}$/.test(name)) continue;
      const fd = openSync(path.join(walDir, name), 'r+');
      try {
        fdatasyncSync(fd);
      } finally {
        closeSync(fd);
      }
    }
  };
  let current: Promise<void> | undefined;
  let next: Promise<void> | undefined;
  const run = (): Promise<void> => {
    const started = new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        try {
          syncAll();
          resolve();
        } catch (error) {
          reject(error as Error);
        }
      });
    });
    current = started.finally(() => (current = undefined));
    return current;
  };
  return () => {
    if (!current) return run();
    // The sync in flight may have started before the caller's commit: join the next one.
    next ??= current
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return run();
      });
    return next;
  };
}

/** Opens (creating on first use) the embedded database in `dataDir`. */
export async function openPglite(dataDir: string): Promise<Db> {
  const dir = path.resolve(dataDir);
  const lock = acquireLock(dir);
  let pg: PGlite;
  try {
    mkdirSync(path.dirname(dir), { recursive: true });
    pg = await PGlite.create(dir);
  } catch (error) {
    heldHere.delete(lock);
    rmSync(lock, { force: true });
    throw error;
  }
  const flush = walSyncer(dir);
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<Row extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await q.query<Row>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  const base = wrap(pg);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    flush,
    async close() {
      try {
        await pg.close();
      } finally {
        heldHere.delete(lock);
        rmSync(lock, { force: true });
      }
    },
  };
}
