/**
 * Counters behind the per-client rate limits of public POSTs and the sign-in brake. They live in
 * this process on the embedded database (one instance) and in PostgreSQL when the service runs on
 * it, so that every instance sharing the database counts together (a lockout from one instance
 * holds on all).
 */
import { LRUCache } from 'lru-cache';
import type { Db } from '../store/db';
import { int, text } from '../store/rows';

/** Which memory a key lives in: staff names' keys are kept apart, so a flood of others cannot evict them. */
export type Lane = 'staff' | 'other';

/** A key's state: its count in the current window, when the window ends, and the earliest next use (pacing). */
export interface CounterEntry {
  key: string;
  count: number;
  windowEnd: number;
  nextAt: number;
}

/** How a paced key spaces its uses: free uses, then a gap that doubles from `baseMs` up to `maxMs`. */
export interface Pacing {
  free: number;
  baseMs: number;
  maxMs: number;
  /** The count is forgotten after this long without a use. */
  quietMs: number;
}

/** The gap to leave after the `count`-th use of a paced key. */
function gapAfter(count: number, p: Pacing): number {
  return count < p.free ? 0 : Math.min(p.maxMs, p.baseMs * 2 ** (count - p.free));
}

/** Counting, atomically per key, wherever the counts live. Times are milliseconds. */
export interface Counters {
  /** The clock the entries' times are on. */
  now(): number;
  /** Counts one use in a fixed window of `windowMs` (started by the first use); returns the count and ms left in the window. */
  hit(key: string, windowMs: number, lane: Lane): Promise<{ count: number; resetMs: number }>;
  /** Takes back one use (a reservation whose work never ran). */
  unhit(key: string, lane: Lane): Promise<void>;
  /** 0 and counts one use when the key's gap has passed, else the ms until it has (and counts nothing). */
  pace(key: string, pacing: Pacing, lane: Lane): Promise<number>;
  /** The key's live state, if any. */
  get(key: string, lane: Lane): Promise<CounterEntry | undefined>;
  /** Keeps a key alive for `ttlMs` (a mark, such as an address a staff member signed in from). */
  mark(key: string, ttlMs: number, lane: Lane): Promise<void>;
  /** Forgets every key starting with `prefix` (a key itself is its own prefix). */
  clear(prefix: string, lane: Lane): Promise<void>;
  /** Every live key starting with `prefix`. */
  list(prefix: string, lane: Lane): Promise<CounterEntry[]>;
}

/** Counters in this process: an LRU of at most `maxKeys` keys per lane (memory is bounded, a hit O(1)). */
export class MemoryCounters implements Counters {
  // Each lane's LRU is made at its first use: it allocates room for all its keys at once (milliseconds
  // at 20,000), and a service's brake may never see a staff name, a test's service no request at all.
  private readonly made: Partial<Record<Lane, LRUCache<string, CounterEntry>>> = {};

  constructor(
    private readonly maxKeys = 20_000,
    readonly now: () => number = Date.now,
  ) {}

  private memory(lane: Lane): LRUCache<string, CounterEntry> {
    this.made[lane] ??= new LRUCache({ max: this.maxKeys });
    return this.made[lane];
  }

  /** How many keys a lane holds (for tests of its bound). */
  size(lane: Lane): number {
    return this.memory(lane).size;
  }

  private live(key: string, lane: Lane): CounterEntry | undefined {
    const entry = this.memory(lane).get(key);
    if (entry && entry.windowEnd <= this.now() && entry.nextAt <= this.now()) {
      this.memory(lane).delete(key);
      return undefined;
    }
    return entry;
  }

  async hit(key: string, windowMs: number, lane: Lane) {
    const t = this.now();
    let entry = this.live(key, lane);
    if (!entry || entry.windowEnd <= t) entry = { key, count: 0, windowEnd: t + windowMs, nextAt: 0 };
    entry.count += 1;
    this.memory(lane).set(key, entry);
    return { count: entry.count, resetMs: entry.windowEnd - t };
  }

  async unhit(key: string, lane: Lane) {
    const entry = this.live(key, lane);
    if (entry) entry.count = Math.max(0, entry.count - 1);
  }

  async pace(key: string, pacing: Pacing, lane: Lane) {
    const t = this.now();
    let entry = this.live(key, lane);
    if (entry && entry.nextAt > t) return entry.nextAt - t;
    if (!entry || entry.windowEnd <= t) entry = { key, count: 0, windowEnd: 0, nextAt: 0 };
    entry.count += 1;
    entry.windowEnd = t + pacing.quietMs;
    entry.nextAt = t + gapAfter(entry.count, pacing);
    this.memory(lane).set(key, entry);
    return 0;
  }

  async get(key: string, lane: Lane) {
    const entry = this.live(key, lane);
    return entry ? { ...entry } : undefined;
  }

  async mark(key: string, ttlMs: number, lane: Lane) {
    this.memory(lane).set(key, { key, count: 1, windowEnd: this.now() + ttlMs, nextAt: 0 });
  }

  async clear(prefix: string, lane: Lane) {
    for (const key of [...this.memory(lane).keys()]) if (key.startsWith(prefix)) this.memory(lane).delete(key);
  }

  async list(prefix: string, lane: Lane) {
    const found: CounterEntry[] = [];
    for (const key of [...this.memory(lane).keys()]) {
      const entry = key.startsWith(prefix) ? this.live(key, lane) : undefined;
      if (entry) found.push({ ...entry });
    }
    return found.sort((a, b) => (a.key < b.key ? -1 : 1));
  }
}

/**
 * Counters in PostgreSQL's `limit_counters` table, shared by every instance on the database. Each
 * use is one statement (an upsert whose row lock orders concurrent uses of a key); rows whose time
 * has passed are deleted every few hundred uses. Lanes are not needed: nothing is evicted.
 */
export class SqlCounters implements Counters {
  private uses = 0;
  readonly now = Date.now;

  constructor(private readonly db: Db) {}

  private async sweep(): Promise<void> {
    this.uses += 1;
    if (this.uses % 500 !== 0) return;
    await this.db.write((tx) =>
      tx.query(
        `DELETE FROM limit_counters WHERE window_end < now() - interval '1 minute' AND next_at < now() - interval '1 minute'`,
      ),
    );
  }

  async hit(key: string, windowMs: number) {
    await this.sweep();
    const rows = await this.db.write((tx) =>
      tx.query<{ count: number; reset_ms: number }>(
        `INSERT INTO limit_counters (key, count, window_end) VALUES ($1, 1, clock_timestamp() + make_interval(secs => $2::float8 / 1000.0))
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN limit_counters.window_end <= clock_timestamp() THEN 1 ELSE limit_counters.count + 1 END,
           window_end = CASE WHEN limit_counters.window_end <= clock_timestamp() THEN EXCLUDED.window_end ELSE limit_counters.window_end END
         RETURNING count, (extract(epoch FROM window_end - clock_timestamp()) * 1000)::float8 AS reset_ms`,
        [key, windowMs],
      ),
    );
    const row = rows[0];
    return { count: Number(row?.count ?? 1), resetMs: Math.max(0, Number(row?.reset_ms ?? windowMs)) };
  }

  async unhit(key: string) {
    await this.db.write((tx) =>
      tx.query('UPDATE limit_counters SET count = greatest(0, count - 1) WHERE key = $1', [key]),
    );
  }

  async pace(key: string, p: Pacing) {
    await this.sweep();
    // The gap after the n-th use, as gapAfter computes it; n is 1 for a new or forgotten key.
    const n = 'CASE WHEN limit_counters.window_end <= clock_timestamp() THEN 1 ELSE limit_counters.count + 1 END';
    const gap = (count: string) =>
      `make_interval(secs => (CASE WHEN ${count} < $2 THEN 0 ELSE least($4::float8, $3::float8 * power(2, ${count} - $2)) END) / 1000.0)`;
    const rows = await this.db.write((tx) =>
      tx.query<{ wait_ms: number }>(
        `INSERT INTO limit_counters (key, count, window_end, next_at)
         VALUES ($1, 1, clock_timestamp() + make_interval(secs => $5::float8 / 1000.0), clock_timestamp() + ${gap('1')})
         ON CONFLICT (key) DO UPDATE SET count = ${n}, window_end = EXCLUDED.window_end,
           next_at = clock_timestamp() + ${gap(n)}
         WHERE limit_counters.next_at <= clock_timestamp()
         RETURNING 0 AS wait_ms`,
        [key, p.free, p.baseMs, p.maxMs, p.quietMs],
      ),
    );
    if (rows.length > 0) return 0;
    const waiting = await this.db.query<{ wait_ms: number }>(
      `SELECT (extract(epoch FROM next_at - clock_timestamp()) * 1000)::float8 AS wait_ms FROM limit_counters WHERE key = $1`,
      [key],
    );
    return Math.max(1, Math.ceil(Number(waiting[0]?.wait_ms ?? 1)));
  }

  private entries(rows: Array<Record<string, unknown>>): CounterEntry[] {
    const ms = (value: unknown) => (value instanceof Date ? value.getTime() : new Date(String(value)).getTime());
    return rows.map((r) => ({
      key: text(r.key),
      count: int(r.count),
      windowEnd: ms(r.window_end),
      nextAt: ms(r.next_at),
    }));
  }

  async get(key: string) {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT key, count, window_end, next_at FROM limit_counters
       WHERE key = $1 AND (window_end > clock_timestamp() OR next_at > clock_timestamp())`,
      [key],
    );
    return this.entries(rows)[0];
  }

  async mark(key: string, ttlMs: number) {
    await this.db.write((tx) =>
      tx.query(
        `INSERT INTO limit_counters (key, count, window_end) VALUES ($1, 1, clock_timestamp() + make_interval(secs => $2::float8 / 1000.0))
         ON CONFLICT (key) DO UPDATE SET count = 1, window_end = EXCLUDED.window_end, next_at = '-infinity'`,
        [key, ttlMs],
      ),
    );
  }

  async clear(prefix: string) {
    await this.db.write((tx) => tx.query('DELETE FROM limit_counters WHERE left(key, length($1)) = $1', [prefix]));
  }

  async list(prefix: string) {
    const rows = await this.db.query<Record<string, unknown>>(
      `SELECT key, count, window_end, next_at FROM limit_counters
       WHERE left(key, length($1)) = $1 AND (window_end > clock_timestamp() OR next_at > clock_timestamp())
       ORDER BY key`,
      [prefix],
    );
    return this.entries(rows);
  }
}

/** The counters for a database: shared through PostgreSQL, in this process for the embedded database. */
export function countersFor(db: Db | undefined): Counters {
  return db?.kind === 'postgres' ? new SqlCounters(db) : new MemoryCounters();
}
