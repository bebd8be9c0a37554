import { type Db, isStorageUnavailable } from './db';

/** What a call of the store was: a read, or a write (its one write path, or a migration script). */
export type CallKind = 'read' | 'write';

/**
 * Whether the storage answers, told by the store's own calls: an outage begins with the first call
 * that fails because the storage is unavailable (the database down, the disk full) and ends with
 * the first call of the same kind that succeeds (a full disk still serves reads, so a refused write
 * needs a write to end it). While it lasts, a probe asks again every few seconds, so its end is seen
 * even when no visitor sends anything. Each outage is two lines in the log, however many requests
 * it refuses meanwhile.
 */
export interface StorageWatch {
  /** The outcome of one call of the store: `error` when it failed. */
  saw(call: CallKind, error?: unknown): void;
  /** A request refused with 503 during the outage, counted for its closing line. */
  refused(): void;
  /** Whether an outage is under way. */
  away(): boolean;
  /** Stops the probe (the store is closing). */
  stop(): void;
}

interface Spell {
  since: number;
  refused: number;
  writeFailed: boolean;
  probe: NodeJS.Timeout;
}

/** How often an outage's probe asks the storage again. */
export const storageProbeMs = 5000;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * A watch over the store's calls (see StorageWatch): `log` gets the outage's two lines, `probe`
 * makes one call of the given kind through the watched store (its outcome comes back through saw).
 */
export function storageWatch(opts: {
  log: (line: string) => void;
  probe: (call: CallKind) => Promise<unknown>;
  probeMs?: number;
  now?: () => number;
}): StorageWatch {
  const now = opts.now ?? Date.now;
  let spell: Spell | undefined;
  let closed = false;
  const begin = (call: CallKind, error: unknown): Spell => {
    const probe = setInterval(() => {
      const kind: CallKind = spell?.writeFailed ? 'write' : 'read';
      void opts.probe(kind).catch(() => undefined);
    }, opts.probeMs ?? storageProbeMs);
    probe.unref();
    opts.log(`storage unavailable: ${messageOf(error)} (pages are served, forms answer 503 until it is back)`);
    return { since: now(), refused: 0, writeFailed: call === 'write', probe };
  };
  return {
    saw(call, error) {
      if (closed) return;
      if (error !== undefined) {
        if (!isStorageUnavailable(error)) return;
        if (spell) spell.writeFailed ||= call === 'write';
        else spell = begin(call, error);
        return;
      }
      if (!spell || (call === 'read' && spell.writeFailed)) return;
      clearInterval(spell.probe);
      opts.log(
        `storage available again after ${Math.round((now() - spell.since) / 1000)} s; ${spell.refused} request(s) were refused with 503 meanwhile`,
      );
      spell = undefined;
    },
    refused() {
      if (spell) spell.refused += 1;
    },
    away: () => spell !== undefined,
    stop() {
      closed = true;
      if (spell) clearInterval(spell.probe);
    },
  };
}

/** Runs `call`, telling `watch` its outcome. */
async function watched<T>(watch: StorageWatch, kind: CallKind, call: () => Promise<T>): Promise<T> {
  try {
    const result = await call();
    watch.saw(kind);
    return result;
  } catch (error) {
    watch.saw(kind, error);
    throw error;
  }
}

/**
 * `db` with every call's outcome told to a watch of its own (logging through `log`); closing it
 * stops the watch's probe.
 */
export function watchedDb(db: Db, log: (line: string) => void, probeMs?: number): { db: Db; watch: StorageWatch } {
  const watch: StorageWatch = storageWatch({
    log,
    probeMs,
    probe: (call) => (call === 'write' ? result.write((tx) => tx.query('SELECT 1')) : result.query('SELECT 1')),
  });
  const result: Db = {
    kind: db.kind,
    query: (sql, params) => watched(watch, 'read', () => db.query(sql, params)),
    exec: (sql) => watched(watch, 'write', () => db.exec(sql)),
    write: (fn) => watched(watch, 'write', () => db.write(fn)),
    read: (fn) => watched(watch, 'read', () => db.read(fn)),
    close: () => {
      watch.stop();
      return db.close();
    },
  };
  return { db: result, watch };
}
