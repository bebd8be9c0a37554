import type { Db } from './db';

/**
 * The embedded database let go of while the server keeps running, for `npm run db:restore` under a
 * service manager (which would start a stopped server again and take the database before the
 * restore): `pause` waits for the calls under way, then closes the database (its lock with it);
 * until `resume` opens it again, every call fails as a database that is away does (SQLSTATE 57P03,
 * "cannot connect now"), so the pages keep serving and the forms answer 503 with Retry-After, as in
 * any storage outage (availability.ts).
 */
export interface Pausing {
  pause(): Promise<void>;
  resume(): Promise<void>;
}

/** The error every call gets while the database is paused. */
function pausedError(): Error {
  return Object.assign(new Error('the database is let go of for a restore'), { code: '57P03' });
}

/**
 * `first` as a database that can be paused (closed) and resumed (opened again by `reopen`); each
 * step is a line through `log`.
 */
export function pausableDb(
  first: Db,
  reopen: () => Promise<Db>,
  log: (line: string) => void,
): { db: Db; pausing: Pausing } {
  let current: Db | undefined = first;
  let pausedAt = 0;
  let running = 0;
  let idle: (() => void) | undefined;
  const call = async <T>(fn: (db: Db) => Promise<T>): Promise<T> => {
    if (!current) throw pausedError();
    running += 1;
    try {
      return await fn(current);
    } finally {
      running -= 1;
      if (running === 0) idle?.();
    }
  };
  const db: Db = {
    kind: first.kind,
    query: (sql, params) => call((d) => d.query(sql, params)),
    exec: (sql) => call((d) => d.exec(sql)),
    write: (fn) => call((d) => d.write(fn)),
    read: (fn) => call((d) => d.read(fn)),
    close: async () => {
      const open = current;
      current = undefined;
      await open?.close();
    },
  };
  const pausing: Pausing = {
    async pause() {
      const open = current;
      if (!open) return;
      current = undefined;
      if (running > 0) await new Promise<void>((resolve) => (idle = resolve));
      idle = undefined;
      await open.close();
      pausedAt = Date.now();
      log('database let go of for a restore (pages are served, forms answer 503 until it is opened again)');
    },
    async resume() {
      if (current) return;
      current = await reopen();
      log(`database opened again after ${((Date.now() - pausedAt) / 1000).toFixed(1)} s`);
    },
  };
  return { db, pausing };
}
