/** Parameterised queries and scripts, in or out of a transaction. */
export interface Queryable {
  query<Row extends object>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/**
 * A read-write transaction, inside `Db.write`: the only place a statement may change data. A
 * function that writes takes a Tx, so it cannot be handed the read-only Db by mistake.
 */
export interface Tx extends Queryable {
  readonly writes: true;
}

/**
 * What the store holds of a database. Its statements are read-only (the database itself refuses a
 * write outside `write`: default_transaction_read_only is on for the session); `write` is the one
 * way to change data, and it resolves only once the change is durable.
 */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * The one write path: runs `fn` in one read-write transaction, commits, and makes the commit
   * durable (on stable storage) before it resolves; rolled back when `fn` throws. Every write of
   * the store goes through here, so no caller can forget the flush.
   */
  write<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** Runs `fn` in one read-only transaction (a consistent view across several statements). */
  read<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Runs `fn` in the write transaction already open (a Tx), or else in a write of its own: for a
 * statement that is sometimes part of a larger write and sometimes alone.
 */
export function writeIn<T>(q: Db | Tx, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return 'writes' in q ? fn(q) : q.write(fn);
}

/** What a database driver gives `durable`: its flush stays inside the Db that `durable` makes. */
export interface Driver extends Queryable {
  readonly kind: Db['kind'];
  /** Runs `fn` in one transaction, read-write or read-only: committed when it resolves, rolled back when it throws. */
  transaction<T>(mode: 'read write' | 'read only', fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Resolves once every write committed so far is on stable storage. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** The store's Db over a driver: `write` commits then flushes; nothing else can reach the flush. */
export function durable(driver: Driver): Db {
  return {
    kind: driver.kind,
    query: (sql, params) => driver.query(sql, params),
    exec: (sql) => driver.exec(sql),
    async write(fn) {
      const result = await driver.transaction('read write', (q) => fn({ ...q, writes: true }));
      await driver.flush();
      return result;
    },
    read: (fn) => driver.transaction('read only', fn),
    close: () => driver.close(),
  };
}

/**
 * A write that was committed but could not be made durable (its fsync failed), or any statement
 * after such a failure: the store has stopped. Its code makes it a storage outage (503); its
 * message must not tell the visitor that nothing was saved, nor that it was.
 */
export class UnconfirmedWriteError extends Error {
  readonly code = 'EIO';
  constructor(cause: unknown) {
    super(
      `the disk reported a failed sync (${cause instanceof Error ? cause.message : String(cause)}); the store has stopped`,
    );
  }
}

/** Node's error codes of a disk or a database connection that is gone or full. */
const unavailableCodes = new Set([
  'ENOSPC',
  'EDQUOT',
  'EIO',
  'EROFS',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Whether an error means the storage is unavailable (and the request may succeed later) rather
 * than a bug: disk full or failing, the database down, restarting or out of resources. SQLSTATE
 * classes 08 (connection), 53 (insufficient resources), 57P (shutdown) and 58 (system error).
 */
export function isStorageUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (unavailableCodes.has(code) || /^(08|53|57P|58)/.test(code)) return true;
  const message = typeof e?.message === 'string' ? e.message : '';
  if (
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
      message,
    )
  ) {
    return true;
  }
  return e?.cause !== undefined && e.cause !== error && isStorageUnavailable(e.cause);
}
