/**
 * In-memory counters: per-client rate limits for public POSTs, the sign-in brake and the gate of
 * password checks. Each keeps a fixed number of keys in an LRU (lru-cache), so memory is bounded
 * and a hit costs O(1) whatever the number of clients. They live in the process, which is right for
 * one server; several instances behind a load balancer each keep their own.
 */
import { LRUCache } from 'lru-cache';

/** A fixed one-minute window per key, for at most `maxKeys` keys (the least recent are forgotten). */
export class RateLimiter {
  private readonly windows: LRUCache<string, { start: number; count: number }>;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
    maxKeys = 20_000,
  ) {
    this.windows = new LRUCache({ max: maxKeys });
  }

  /** Counts one request; returns 0 when allowed, else the seconds to wait. */
  hit(key: string): number {
    const t = this.now();
    const w = this.windows.get(key);
    if (!w || t - w.start >= 60_000) {
      this.windows.set(key, { start: t, count: 1 });
      return 0;
    }
    w.count += 1;
    return w.count > this.perMinute ? Math.max(1, Math.ceil((w.start + 60_000 - t) / 1000)) : 0;
  }
}

export interface SignInBrakeOptions {
  /** Password checks per name and address before the pair is locked out. */
  maxChecks?: number;
  lockMs?: number;
  /** The delay before answering after `failures` failures. */
  delayMs?: (failures: number) => number;
  now?: () => number;
  /** Addresses remembered per staff name, and name+address pairs remembered for unknown names. */
  maxAddresses?: number;
}

interface Pair {
  count: number;
  last: number;
  lockedUntil: number;
}

/** Who is signing in: a name, whether it is a staff account, and the client's address. */
export interface SignInAttempt {
  name: string;
  known: boolean;
  address: string;
}

/**
 * Password checks per name and client address, counted BEFORE the check runs: at most `maxChecks`
 * (5) per pair per lock period (15 minutes), whatever the concurrency; each failure makes the next
 * answer slower (0.25 s, 0.5 s, 1 s, 2 s). Pairs of staff names are kept apart from pairs of
 * unknown names, so a flood of made-up names can neither evict nor clear a staff account's lockout.
 */
export class SignInBrake {
  private readonly staffPairs = new Map<string, LRUCache<string, Pair>>();
  private readonly otherPairs: LRUCache<string, Pair>;
  private readonly maxChecks: number;
  private readonly lockMs: number;
  private readonly maxAddresses: number;
  private readonly now: () => number;
  readonly delayMs: (failures: number) => number;

  constructor(opts: SignInBrakeOptions = {}) {
    this.maxChecks = opts.maxChecks ?? 5;
    this.lockMs = opts.lockMs ?? 15 * 60_000;
    this.now = opts.now ?? Date.now;
    this.maxAddresses = opts.maxAddresses ?? 10_000;
    this.delayMs = opts.delayMs ?? ((n) => (n <= 0 ? 0 : Math.min(4000, 250 * 2 ** (n - 1))));
    this.otherPairs = new LRUCache({ max: this.maxAddresses });
  }

  private pairs(a: SignInAttempt): { map: LRUCache<string, Pair>; key: string } {
    if (!a.known) return { map: this.otherPairs, key: `${a.name}|${a.address}` };
    let map = this.staffPairs.get(a.name);
    if (!map) {
      map = new LRUCache({ max: this.maxAddresses });
      this.staffPairs.set(a.name, map);
    }
    return { map, key: a.address };
  }

  private pair(a: SignInAttempt): { map: LRUCache<string, Pair>; key: string; pair: Pair | undefined } {
    const { map, key } = this.pairs(a);
    const t = this.now();
    const pair = map.get(key);
    // Checks are forgotten after a quiet lock period, once any lockout has ended.
    if (pair && t - pair.last > this.lockMs && t >= pair.lockedUntil) {
      map.delete(key);
      return { map, key, pair: undefined };
    }
    return { map, key, pair };
  }

  /** Seconds until the pair may try again, or 0. */
  lockedFor(a: SignInAttempt): number {
    const p = this.pair(a).pair;
    if (!p || p.lockedUntil <= this.now()) return 0;
    return Math.ceil((p.lockedUntil - this.now()) / 1000);
  }

  /**
   * Reserves one password check for the pair, synchronously: 0 when the check may run, else the
   * seconds the pair stays locked (the fifth reservation locks it until it succeeds).
   */
  reserve(a: SignInAttempt): number {
    const locked = this.lockedFor(a);
    if (locked > 0) return locked;
    const { map, key, pair } = this.pair(a);
    const t = this.now();
    const p = pair ?? { count: 0, last: t, lockedUntil: 0 };
    p.count += 1;
    p.last = t;
    if (p.count >= this.maxChecks) p.lockedUntil = t + this.lockMs;
    map.set(key, p);
    return 0;
  }

  /** Gives back a reservation whose check never ran (the gate was full). */
  release(a: SignInAttempt): void {
    const p = this.pair(a).pair;
    if (!p) return;
    p.count = Math.max(0, p.count - 1);
    if (p.count < this.maxChecks) p.lockedUntil = 0;
  }

  /** After a failed check: the delay to apply before answering. */
  failed(a: SignInAttempt): number {
    return this.delayMs(this.pair(a).pair?.count ?? 0);
  }

  succeeded(a: SignInAttempt): void {
    const { map, key } = this.pairs(a);
    map.delete(key);
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
