/** What the store needs of a database: parameterised queries, transactions, a durability barrier. */
export interface Queryable {
  query<Row extends object>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Resolves once every write committed so far is on stable storage. */
  flush(): Promise<void>;
  close(): Promise<void>;
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
