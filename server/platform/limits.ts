/**
 * Counters behind the per-client rate limits of public POSTs and the sign-in brake, and the gate of
 * password checks. The counters live in this process on the embedded database (one instance) and
 * in PostgreSQL when the service runs on it, so that every instance sharing the database counts
 * together (a lockout from one instance holds on all). The gate is per process: it protects this
 * process's cores.
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
  private readonly lanes: Record<Lane, LRUCache<string, CounterEntry>>;

  constructor(
    maxKeys = 20_000,
    readonly now: () => number = Date.now,
  ) {
    this.lanes = { staff: new LRUCache({ max: maxKeys }), other: new LRUCache({ max: maxKeys }) };
  }

  /** How many keys a lane holds (for tests of its bound). */
  size(lane: Lane): number {
    return this.lanes[lane].size;
  }

  private live(key: string, lane: Lane): CounterEntry | undefined {
    const entry = this.lanes[lane].get(key);
    if (entry && entry.windowEnd <= this.now() && entry.nextAt <= this.now()) {
      this.lanes[lane].delete(key);
      return undefined;
    }
    return entry;
  }

  async hit(key: string, windowMs: number, lane: Lane) {
    const t = this.now();
    let entry = this.live(key, lane);
    if (!entry || entry.windowEnd <= t) entry = { key, count: 0, windowEnd: t + windowMs, nextAt: 0 };
    entry.count += 1;
    this.lanes[lane].set(key, entry);
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
    this.lanes[lane].set(key, entry);
    return 0;
  }

  async get(key: string, lane: Lane) {
    const entry = this.live(key, lane);
    return entry ? { ...entry } : undefined;
  }

  async mark(key: string, ttlMs: number, lane: Lane) {
    this.lanes[lane].set(key, { key, count: 1, windowEnd: this.now() + ttlMs, nextAt: 0 });
  }

  async clear(prefix: string, lane: Lane) {
    for (const key of [...this.lanes[lane].keys()]) if (key.startsWith(prefix)) this.lanes[lane].delete(key);
  }

  async list(prefix: string, lane: Lane) {
    const found: CounterEntry[] = [];
    for (const key of [...this.lanes[lane].keys()]) {
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

/** A fixed one-minute window per key. */
export class RateLimiter {
  constructor(
    private readonly perMinute: number,
    private readonly counters: Counters = new MemoryCounters(),
  ) {}

  /** Counts one request; resolves with 0 when allowed, else the seconds to wait. */
  async hit(key: string): Promise<number> {
    const { count, resetMs } = await this.counters.hit(`rate|${key}`, 60_000, 'other');
    return count > this.perMinute ? Math.max(1, Math.ceil(resetMs / 1000)) : 0;
  }
}

export interface SignInBrakeOptions {
  counters?: Counters;
  /** Password checks per name and address in a window before the pair is refused. */
  maxChecks?: number;
  /** That window (15 minutes). */
  windowMs?: number;
  /** The delay before answering a failure, after `checks` checks of the pair. */
  delayMs?: (checks: number) => number;
  /** Checks of one account from all its unrecognised addresses: a few free, then doubling gaps. */
  accountPacing?: Pacing;
  /** How long an address a staff member signed in from stays recognised (30 days). */
  recognisedMs?: number;
}

/** Who is signing in: a name, whether it is a staff account, and the client's address. */
export interface SignInAttempt {
  name: string;
  known: boolean;
  address: string;
}

/** One account's sign-in state, for `npm run staff -- locked`. */
export interface AccountLock {
  name: string;
  /** Checks from unrecognised addresses in the current quiet period. */
  checks: number;
  /** Seconds until the next check from an unrecognised address may run (0: now). */
  waitSeconds: number;
  /** Addresses refused for their own checks, with the seconds left. */
  lockedAddresses: Array<{ address: string; seconds: number }>;
}

const pairKey = (a: SignInAttempt) => `pair|${a.name}|${a.address}`;
const accountKey = (name: string) => `acct|${name}`;
const recognisedKey = (a: SignInAttempt) => `seen|${a.name}|${a.address}`;
const laneOf = (a: SignInAttempt): Lane => (a.known ? 'staff' : 'other');

/**
 * The sign-in brake, counted BEFORE each password check, so concurrency cannot pass it:
 * - per name and address: at most `maxChecks` (5) checks per 15 minutes; each failure answers more
 *   slowly (0.25 s, 0.5 s, 1 s, 2 s, 4 s);
 * - per account, across all addresses it has not been signed in from: 10 checks, then gaps of 1 s,
 *   2 s, 4 s… up to one minute between checks (one account once took 8.6 checks a second from
 *   changing addresses). An address the staff member signed in from in the last 30 days skips this
 *   pace, so guesses from elsewhere cannot lock the owner out; only a successful sign-in or
 *   `npm run staff -- unlock` clears it.
 * Made-up names are counted exactly as real ones (so the answers do not tell them apart), in a lane
 * of their own so a flood of them can neither evict nor clear a staff account's counts.
 */
export class SignInBrake {
  readonly counters: Counters;
  private readonly maxChecks: number;
  private readonly windowMs: number;
  private readonly pacing: Pacing;
  private readonly recognisedMs: number;
  readonly delayMs: (checks: number) => number;

  constructor(opts: SignInBrakeOptions = {}) {
    this.counters = opts.counters ?? new MemoryCounters();
    this.maxChecks = opts.maxChecks ?? 5;
    this.windowMs = opts.windowMs ?? 15 * 60_000;
    this.pacing = opts.accountPacing ?? { free: 10, baseMs: 1000, maxMs: 60_000, quietMs: 15 * 60_000 };
    this.recognisedMs = opts.recognisedMs ?? 30 * 86_400_000;
    this.delayMs = opts.delayMs ?? ((n) => (n <= 0 ? 0 : Math.min(4000, 250 * 2 ** (n - 1))));
  }

  /**
   * Reserves one password check: `waitSeconds` 0 when it may run, else the seconds to wait
   * (answered 429); `recognised` when the staff member signed in from this address before. The
   * pair's count comes first, so a refused pair spends nothing of the account's pace.
   */
  async reserve(a: SignInAttempt): Promise<{ waitSeconds: number; recognised: boolean }> {
    const lane = laneOf(a);
    const { count, resetMs } = await this.counters.hit(pairKey(a), this.windowMs, lane);
    if (count > this.maxChecks) return { waitSeconds: Math.max(1, Math.ceil(resetMs / 1000)), recognised: false };
    if (await this.counters.get(recognisedKey(a), lane)) return { waitSeconds: 0, recognised: true };
    const wait = await this.counters.pace(accountKey(a.name), this.pacing, lane);
    if (wait > 0) {
      await this.counters.unhit(pairKey(a), lane);
      return { waitSeconds: Math.max(1, Math.ceil(wait / 1000)), recognised: false };
    }
    return { waitSeconds: 0, recognised: false };
  }

  /** Gives back the pair's count of a reservation whose check never ran (the gate was full). */
  async release(a: SignInAttempt): Promise<void> {
    await this.counters.unhit(pairKey(a), laneOf(a));
  }

  /** After a failed check: the delay to apply before answering, and the seconds the pair is now refused (0: not). */
  async failed(a: SignInAttempt): Promise<{ delayMs: number; lockedSeconds: number }> {
    const pair = await this.counters.get(pairKey(a), laneOf(a));
    const count = pair?.count ?? 0;
    const left = (pair?.windowEnd ?? 0) - this.counters.now();
    return {
      delayMs: this.delayMs(count),
      lockedSeconds: count >= this.maxChecks ? Math.max(1, Math.ceil(left / 1000)) : 0,
    };
  }

  /** After a successful sign-in: the pair and the account are cleared, and the address is recognised. */
  async succeeded(a: SignInAttempt): Promise<void> {
    await this.counters.clear(pairKey(a), 'staff');
    await this.counters.clear(accountKey(a.name), 'staff');
    await this.counters.mark(recognisedKey(a), this.recognisedMs, 'staff');
  }

  /** The staff accounts among `names` that are being slowed down or have addresses refused. */
  async locks(names: readonly string[]): Promise<AccountLock[]> {
    const now = this.counters.now();
    const found: AccountLock[] = [];
    for (const name of names) {
      const account = await this.counters.get(accountKey(name), 'staff');
      const pairs = await this.counters.list(`pair|${name}|`, 'staff');
      const lockedAddresses = pairs
        .filter((p) => p.count >= this.maxChecks)
        .map((p) => ({
          address: p.key.slice(`pair|${name}|`.length),
          seconds: Math.max(0, Math.ceil((p.windowEnd - now) / 1000)),
        }));
      const checks = account?.count ?? 0;
      if (checks < this.pacing.free && lockedAddresses.length === 0) continue;
      const waitSeconds = Math.max(0, Math.ceil(((account?.nextAt ?? 0) - now) / 1000));
      found.push({ name, checks, waitSeconds, lockedAddresses });
    }
    return found;
  }

  /** Clears an account's pace and every address's count for it (the owner's unlock). */
  async unlock(name: string): Promise<void> {
    await this.counters.clear(accountKey(name), 'staff');
    await this.counters.clear(`pair|${name}|`, 'staff');
  }
}

/**
 * Runs at most `concurrency` tasks at a time with up to `queue` more waiting; beyond that a task
 * is refused at once (so a flood of password checks cannot fill the thread pool that file reads
 * and everything else need).
 */
export class Gate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  /** Whether a task asked for now would be refused. */
  get full(): boolean {
    return this.running >= this.concurrency && this.waiting.length >= this.queue;
  }

  /** A promise of a release function once a slot is free, or undefined when the queue is full. */
  enter(): Promise<() => void> | undefined {
    const release = () => {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    };
    if (this.running < this.concurrency) {
      this.running += 1;
      return Promise.resolve(release);
    }
    if (this.waiting.length >= this.queue) return undefined;
    return new Promise((resolve) => this.waiting.push(() => resolve(release)));
  }
}
