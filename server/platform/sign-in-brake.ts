import { type Counters, type Lane, MemoryCounters, type Pacing } from './counters';

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
