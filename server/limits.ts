/**
 * In-memory counters: per-client rate limits for public POSTs and the sign-in brake. They live in
 * the process, which is right for one server; several instances behind a load balancer each keep
 * their own (the limits then apply per instance; put the limit in the proxy for a global one).
 */

/** A fixed one-minute window per key. */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request; returns 0 when allowed, else the seconds to wait. */
  hit(key: string): number {
    const t = this.now();
    if (this.windows.size > 50_000) this.prune(t);
    const w = this.windows.get(key);
    if (!w || t - w.start >= 60_000) {
      this.windows.set(key, { start: t, count: 1 });
      return 0;
    }
    w.count += 1;
    return w.count > this.perMinute ? Math.max(1, Math.ceil((w.start + 60_000 - t) / 1000)) : 0;
  }

  private prune(t: number): void {
    for (const [key, w] of this.windows) if (t - w.start >= 60_000) this.windows.delete(key);
  }
}

export interface SignInBrakeOptions {
  /** Failures after which the name+address pair is locked out. */
  maxFailures?: number;
  lockMs?: number;
  /** The delay before answering after `failures` failures. */
  delayMs?: (failures: number) => number;
  now?: () => number;
}

/**
 * Failed sign-ins per name and client address: each failure makes the next answer slower
 * (0.25 s, 0.5 s, 1 s, 2 s), and the fifth locks the pair out for 15 minutes.
 */
export class SignInBrake {
  private readonly failures = new Map<string, { count: number; last: number; lockedUntil: number }>();
  private readonly maxFailures: number;
  private readonly lockMs: number;
  private readonly now: () => number;
  readonly delayMs: (failures: number) => number;

  constructor(opts: SignInBrakeOptions = {}) {
    this.maxFailures = opts.maxFailures ?? 5;
    this.lockMs = opts.lockMs ?? 15 * 60_000;
    this.now = opts.now ?? Date.now;
    this.delayMs = opts.delayMs ?? ((n) => (n <= 0 ? 0 : Math.min(4000, 250 * 2 ** (n - 1))));
  }

  private entry(key: string) {
    const e = this.failures.get(key);
    // Failures are forgotten after a quiet lock period.
    if (e && this.now() - e.last > this.lockMs && this.now() >= e.lockedUntil) {
      this.failures.delete(key);
      return undefined;
    }
    return e;
  }

  /** Seconds until the pair may try again, or 0. */
  lockedFor(key: string): number {
    const e = this.entry(key);
    if (!e || e.lockedUntil <= this.now()) return 0;
    return Math.ceil((e.lockedUntil - this.now()) / 1000);
  }

  /** Failures so far for the pair. */
  failureCount(key: string): number {
    return this.entry(key)?.count ?? 0;
  }

  /** Records a failure; returns the delay to apply before answering. */
  fail(key: string): number {
    const t = this.now();
    if (this.failures.size > 50_000) this.failures.clear();
    const e = this.entry(key) ?? { count: 0, last: t, lockedUntil: 0 };
    e.count += 1;
    e.last = t;
    if (e.count >= this.maxFailures) e.lockedUntil = t + this.lockMs;
    this.failures.set(key, e);
    return this.delayMs(e.count);
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }
}
