import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's work factors: CPU and memory (N, a power of two), block size (r), parallelism (p). */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** The cost of every password hash the studio stores: 32 MB and tens of milliseconds a check. */
export const productionCost: ScryptCost = { N: 1 << 15, r: 8, p: 1 };
const keyLength = 32;

function derive(password: string, salt: Buffer, opts: ScryptCost): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...opts, maxmem: 128 * opts.N * opts.r * 2 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** A slow, salted hash of a password at `cost`: `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(password: string, cost: ScryptCost = productionCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when `password` matches `stored`, compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * Checked against when the name is unknown, so that a wrong name costs as much time as a wrong
 * password: a hash at the `cost` the stored ones have, which no password matches.
 */
export const dummyHash = (cost: ScryptCost): string =>
  `scrypt$${cost.N}$${cost.r}$${cost.p}$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;

/** Password rules for staff accounts (checked by the CLI). */
export function passwordProblem(password: string): string | undefined {
  if (password.length < 12) return 'The password must be at least 12 characters.';
  if (password.length > 200) return 'The password must be at most 200 characters.';
  return undefined;
}

/** Staff names: short, plain, and safe to print. */
export function staffNameProblem(name: string): string | undefined {
  return /^[a-z0-9][a-z0-9._-]{1,39}$/.test(name)
    ? undefined
    : 'A staff name is 2 to 40 lower-case letters, digits, dots, hyphens or underscores.';
}

/**
 * How long recent real password checks took (waiting for a slot included), so that a sign-in with
 * a name that does not exist can take as long without running one: a flood of made-up names then
 * costs no password-check slots, and the answer's time still does not tell the names apart.
 */
export class CheckTimes {
  private readonly samples: number[] = [];
  private next = 0;
  private waiting: Array<() => void> = [];

  constructor(private readonly size = 64) {}

  get count(): number {
    return this.samples.length;
  }

  /** Resolves once a duration is known. */
  any(): Promise<void> {
    return this.samples.length > 0 ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }

  add(ms: number): void {
    for (const resolve of this.waiting.splice(0)) resolve();
    if (this.samples.length < this.size) this.samples.push(ms);
    else {
      this.samples[this.next] = ms;
      this.next = (this.next + 1) % this.size;
    }
  }

  /** One of the recorded durations, at random. */
  sample(): number {
    return this.samples[Math.floor(Math.random() * this.samples.length)] ?? 0;
  }
}
