/** @jest-environment node */
import type { Hono } from 'hono';
import { createApp } from '@/server/app';
import { type Counters, MemoryCounters, SqlCounters } from '@/server/platform/counters';
import { Gate, RateLimiter } from '@/server/platform/limits';
import { SignInBrake } from '@/server/platform/sign-in-brake';
import { dummyHash, hashPassword, productionCost } from '@/server/platform/passwords';
import type { ServiceOptions } from '@/server/service';
import type { Store } from '@/server/store/store';
import { testHash, testPasswordCost } from './service-app';
import { databaseKind, databaseKinds, openedStore } from './test-stores';
import { describeNeeding, noPostgres } from '../needs';

jest.setTimeout(180_000);

const password = 'correct horse battery staple';

/** The real gate, counting the password checks that pass through it (each entry is one scrypt run). */
class CountingGate extends Gate {
  entered = 0;
  override enter() {
    const entry = super.enter();
    if (entry) this.entered += 1;
    return entry;
  }
}

/** The service as these tests run it: behind a proxy, one-hour sessions, no forms, no waiting; `options` adds to that. */
function behindProxy(store: Store, options: Partial<ServiceOptions>): Hono {
  return createApp({
    service: {
      store,
      inboxForms: {},
      sessionTtlHours: 1,
      rateLimitPerMinute: 1000,
      trustProxy: true,
      sleep: async () => undefined,
      ...options,
    },
  });
}

/** A sign-in from address `ip` (the proxy's X-Forwarded-For). */
const login = (target: Hono, pw: string, ip: string, name = 'meera', headers: Record<string, string> = {}) =>
  target.request('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip, ...headers },
    body: JSON.stringify({ name, password: pw }),
  });

describe('sign-in under attack (PGlite)', () => {
  const testDb = openedStore(databaseKind('PGlite'));
  beforeAll(async () => {
    // Most tests count checks, not their time: meera's password is at the tests' cost. Tara's is at
    // production's, for the tests in which the checks' time is what fills the gate or is compared.
    await testDb.store.addStaff('meera', await testHash(password));
    await testDb.store.addStaff('tara', await hashPassword(password));
  });

  /** The service with `gate`, a brake of its own and passwords at the tests' cost; `extra` adds to that. */
  function app(gate: Gate, extra: Partial<ServiceOptions> = {}): Hono {
    return behindProxy(testDb.store, {
      brake: new SignInBrake(),
      hashGate: gate,
      passwordCost: testPasswordCost,
      ...extra,
    });
  }

  it('runs at most 5 password checks for 30 sign-ins sent at once for one name and address', async () => {
    const gate = new CountingGate(2, 100);
    const target = app(gate);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(target, i === 17 ? password : 'wrong guess', '192.0.2.10')),
    );
    expect(gate.entered).toBeLessThanOrEqual(5);
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(25);
    // The right password sent as the 18th was refused like the rest: it was never checked.
    expect(statuses.filter((s) => s === 200)).toEqual([]);
  });

  it('holds one account to 5 checks in a burst of 100 from 10 addresses, and refuses what the gate cannot take at once', async () => {
    const gate = new CountingGate(2, 4);
    const target = app(gate, {
      brake: new SignInBrake({ accountPacing: { free: 5, baseMs: 60_000, maxMs: 60_000, quietMs: 60_000 } }),
    });
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(target, 'wrong guess', `198.51.100.${i % 10}`)),
    );
    // The account's pace across addresses: five checks, then a (here, long) gap before the next.
    expect(gate.entered).toBeLessThanOrEqual(5);
    expect(answers.map((r) => r.status).every((s) => [401, 429].includes(s))).toBe(true);
    // Without the pace (another account each time), the gate runs two, queues four, refuses the rest
    // (checks at production's cost, which is what keeps the gate full while the burst arrives).
    const unpaced = app(new Gate(2, 4), {
      brake: new SignInBrake({ accountPacing: { free: 1000, baseMs: 1, maxMs: 1, quietMs: 60_000 } }),
    });
    const statuses = (
      await Promise.all(
        Array.from({ length: 60 }, (_, i) => login(unpaced, 'wrong guess', `198.51.101.${i % 12}`, 'tara')),
      )
    ).map((r) => r.status);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(statuses.every((s) => [401, 429, 503].includes(s))).toBe(true);
  });

  it('keeps a staff lockout through a flood of sign-ins under other names', async () => {
    const counters = new MemoryCounters(50);
    const brake = new SignInBrake({ counters });
    const target = app(new Gate(4, 1000), { brake });
    for (let i = 0; i < 5; i++) await login(target, 'wrong guess', '192.0.2.99');
    expect((await login(target, password, '192.0.2.99')).status).toBe(429);
    // Ten times the counters' memory in made-up names from the same address.
    for (let i = 0; i < 500; i++) await brake.reserve({ name: `user${i}`, known: false, address: '192.0.2.99' });
    expect((await login(target, password, '192.0.2.99')).status).toBe(429);
  });

  it('leaves the password-check slots to a real account during a flood of made-up names from one address', async () => {
    const gate = new CountingGate(1, 2);
    const target = app(gate);
    // The first few made-up names run a real check (their durations are what later ones take).
    for (let i = 0; i < 8; i++) await login(target, 'wrong guess', '203.0.113.50', `warmup${i}`);
    const before = gate.entered;
    const flood = Array.from({ length: 30 }, (_, i) => login(target, 'wrong guess', '203.0.113.50', `nobody${i}`));
    const real = login(target, password, '203.0.113.51');
    expect((await real).status).toBe(200);
    expect((await Promise.all(flood)).map((r) => r.status).every((s) => s === 401)).toBe(true);
    // The flood ran at most one real check (the dummy check that keeps the durations current).
    expect(gate.entered - before).toBeLessThanOrEqual(2);
  });

  it('makes a made-up name take as long as a wrong password for a real one', async () => {
    // The service as production runs it (no cost set: the made-up name's check is at production's
    // cost), and a real account whose hash `npm run staff` made (at production's cost too).
    const target = behindProxy(testDb.store, {
      hashGate: new Gate(1, 100),
      brake: new SignInBrake({ accountPacing: { free: 1000, baseMs: 1, maxMs: 1, quietMs: 60_000 } }),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    });
    const timed = async (name: string, i: number) => {
      const t = performance.now();
      const res = await login(target, 'wrong guess', `203.0.113.${100 + i}`, name);
      expect(res.status).toBe(401);
      return performance.now() - t;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 12; i++) {
      known.push(await timed('tara', i));
      unknown.push(await timed(`nobody-${i}`, i));
    }
    const [k, u] = [median(known), median(unknown)];
    expect(Math.abs(k - u) / k).toBeLessThan(0.5);
  });

  it('caps guesses at one account from changing addresses with growing gaps, but not its owner', async () => {
    let t = 1_000_000;
    const counters = new MemoryCounters(1000, () => t);
    const brake = new SignInBrake({ counters });
    const target = app(new Gate(4, 1000), { brake });
    // The owner signs in once from their usual address: it is recognised from then on.
    expect((await login(target, password, '192.0.2.1')).status).toBe(200);
    const checked: number[] = [];
    const retryAfter: string[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await login(target, 'wrong guess', `10.0.${i}.1`);
      if (res.status === 401) checked.push(i);
      else retryAfter.push(res.headers.get('retry-after') ?? '');
    }
    expect(checked).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(retryAfter[0]).toBe('1');
    // Each gap doubles: after waiting it out, one more check, then a longer gap.
    const gaps: number[] = [];
    for (let n = 0; n < 8; n++) {
      const res = await login(target, 'wrong guess', `10.1.${n}.1`);
      const wait = Number(res.headers.get('retry-after'));
      gaps.push(wait);
      t += wait * 1000;
      expect((await login(target, 'wrong guess', `10.2.${n}.1`)).status).toBe(401);
    }
    expect(gaps).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
    // The owner's own address is not paced; a new address of theirs waits at most a minute.
    expect((await login(target, password, '192.0.2.1')).status).toBe(200);
  });

  it("gives an owner's usual address a lane of its own when guesses fill the gate", async () => {
    const gate = new Gate(1, 0);
    const target = app(gate);
    expect((await login(target, password, '192.0.2.30')).status).toBe(200);
    // A check from elsewhere holds the gate's one slot: others are refused at once, whatever the name.
    const leave = await gate.enter();
    expect((await login(target, 'wrong guess', '10.8.0.1')).status).toBe(503);
    expect((await login(target, 'wrong guess', '10.8.0.2', 'nobody')).status).toBe(503);
    expect((await login(target, password, '192.0.2.30')).status).toBe(200);
    leave?.();
  });

  it('lists a locked account for the owner, and unlocks it', async () => {
    const brake = new SignInBrake({ accountPacing: { free: 10, baseMs: 60_000, maxMs: 60_000, quietMs: 900_000 } });
    const target = app(new Gate(4, 1000), { brake });
    for (let i = 0; i < 12; i++) await login(target, 'wrong guess', i < 5 ? '192.0.2.77' : `10.9.${i}.1`);
    const [lock] = await brake.locks(['meera', 'nobody']);
    expect(lock).toMatchObject({ name: 'meera', checks: 10, lockedAddresses: [{ address: '192.0.2.77' }] });
    expect(lock?.waitSeconds).toBeGreaterThan(0);
    await brake.unlock('meera');
    expect(await brake.locks(['meera'])).toEqual([]);
    expect((await login(target, password, '192.0.2.77')).status).toBe(200);
  });

  it('accepts a sign-in from SITE_URL behind a proxy that rewrote Host, and refuses other origins', async () => {
    const target = app(new Gate(2, 4), { allowedOrigins: ['https://studio.example'] });
    // nginx's default proxy_pass: Host is the upstream's, no X-Forwarded-Host.
    const proxied = { Host: '127.0.0.1:3000', Origin: 'https://studio.example', 'X-Forwarded-Proto': 'https' };
    expect((await login(target, password, '192.0.2.7', 'meera', proxied)).status).toBe(200);
    const foreign = { ...proxied, Origin: 'https://evil.example' };
    expect((await login(target, password, '192.0.2.7', 'meera', foreign)).status).toBe(403);
  });

  it("hashes and checks at production's cost where nothing sets another (npm run staff, the service)", async () => {
    expect(productionCost).toEqual({ N: 32768, r: 8, p: 1 });
    // `npm run staff` hashes with hashPassword's default.
    await testDb.store.addStaff('ravi', await hashPassword(password));
    expect((await testDb.store.findStaff('ravi'))?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    // The service without a cost set: a changed password is stored at production's cost, and a
    // made-up name is checked against a hash of that cost.
    const target = behindProxy(testDb.store, { brake: new SignInBrake(), hashGate: new Gate(2, 4) });
    const signedIn = await login(target, password, '192.0.2.8', 'ravi');
    expect(signedIn.status).toBe(200);
    const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const changed = await target.request('/api/auth/password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ current: password, next: 'another long password' }),
    });
    expect(changed.status).toBe(200);
    expect((await testDb.store.findStaff('ravi'))?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(dummyHash(productionCost)).toBe(
      'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    );
  });
});

describe('the limiters', () => {
  it('keep a fixed number of keys whatever the number of clients', async () => {
    const counters = new MemoryCounters(1000);
    const limiter = new RateLimiter(5, counters);
    for (let i = 0; i < 20_000; i++) await limiter.hit(`form|203.0.113.${i}`);
    expect(counters.size('other')).toBe(1000);
    const brake = new SignInBrake({ counters });
    for (let i = 0; i < 20_000; i++) await brake.reserve({ name: `n${i}`, known: false, address: '203.0.113.1' });
    expect(counters.size('other')).toBe(1000);
    expect(counters.size('staff')).toBe(0);
  });

  it('let the gate run a few at a time and refuse beyond its queue', async () => {
    const gate = new Gate(1, 1);
    const first = gate.enter();
    const second = gate.enter();
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(gate.enter()).toBeUndefined();
    (await first)?.();
    const leave = await second;
    expect(gate.enter()).toBeDefined();
    leave?.();
  });
});

/** The same counting, in this process and in PostgreSQL (when the tests have one). */
const counterKinds: Array<[string, () => Promise<{ counters: Counters; done: () => Promise<void> }>]> = [
  ['memory', async () => ({ counters: new MemoryCounters(), done: async () => undefined })],
  ...databaseKinds
    .filter(([label]) => label === 'PostgreSQL')
    .map(
      ([label, make]) =>
        [
          label,
          async () => {
            const db = await make();
            const store = await db.open();
            return {
              counters: new SqlCounters(store.db),
              done: async () => {
                await store.close();
                await db.dispose();
              },
            };
          },
        ] as [string, () => Promise<{ counters: Counters; done: () => Promise<void> }>],
    ),
];

describe.each(counterKinds)('counters (%s)', (_label, make) => {
  let counters: Counters;
  let done: () => Promise<void>;
  beforeAll(async () => {
    ({ counters, done } = await make());
  });
  afterAll(() => done());

  it('count in a window, take back, pace with doubling gaps, mark, list and clear', async () => {
    expect(await counters.hit('w|a', 60_000, 'other')).toMatchObject({ count: 1 });
    expect((await counters.hit('w|a', 60_000, 'other')).count).toBe(2);
    await counters.unhit('w|a', 'other');
    const third = await counters.hit('w|a', 60_000, 'other');
    expect(third.count).toBe(2);
    expect(third.resetMs).toBeGreaterThan(55_000);
    const pacing = { free: 2, baseMs: 300, maxMs: 600, quietMs: 60_000 };
    expect(await counters.pace('p|a', pacing, 'staff')).toBe(0);
    expect(await counters.pace('p|a', pacing, 'staff')).toBe(0);
    const wait = await counters.pace('p|a', pacing, 'staff');
    expect(wait).toBeGreaterThan(200);
    expect(wait).toBeLessThanOrEqual(300);
    await new Promise((resolve) => setTimeout(resolve, wait + 20));
    expect(await counters.pace('p|a', pacing, 'staff')).toBe(0);
    expect(await counters.pace('p|a', pacing, 'staff')).toBeGreaterThan(450);
    expect((await counters.get('p|a', 'staff'))?.count).toBe(3);
    await counters.mark('p|b', 60_000, 'staff');
    expect((await counters.list('p|', 'staff')).map((e) => e.key)).toEqual(['p|a', 'p|b']);
    await counters.clear('p|', 'staff');
    expect(await counters.list('p|', 'staff')).toEqual([]);
  });
});

const postgres = databaseKinds.find(([label]) => label === 'PostgreSQL');
describeNeeding(!postgres && noPostgres)('two service instances on one PostgreSQL', () => {
  const testDb = openedStore(databaseKind('PostgreSQL'));
  beforeAll(async () => {
    await testDb.store.addStaff('meera', await testHash(password));
  });

  it('share the lockout and the account pace: each counts what the other did', async () => {
    // Two apps with brakes of their own on the database, as two processes would have (the gap after
    // the account's tenth check is long here, so that a slow machine cannot outlast it).
    const instance = () =>
      behindProxy(testDb.store, {
        brake: new SignInBrake({
          counters: new SqlCounters(testDb.store.db),
          accountPacing: { free: 10, baseMs: 60_000, maxMs: 60_000, quietMs: 900_000 },
        }),
      });
    const [a, b] = [instance(), instance()];
    for (let i = 0; i < 3; i++) expect((await login(a, 'wrong guess', '192.0.2.5')).status).toBe(401);
    expect((await login(b, 'wrong guess', '192.0.2.5')).status).toBe(401);
    // The fifth check of the pair, on the other instance, locks it.
    expect((await login(b, 'wrong guess', '192.0.2.5')).status).toBe(429);
    expect((await login(a, password, '192.0.2.5')).status).toBe(429);
    expect((await login(b, password, '192.0.2.5')).status).toBe(429);
    // The account's pace across addresses: ten checks in all, alternating instances, then a gap on both.
    for (let i = 0; i < 5; i++) expect((await login(i % 2 ? a : b, 'wrong guess', `10.3.${i}.1`)).status).toBe(401);
    expect((await login(a, 'wrong guess', '10.4.0.1')).status).toBe(429);
    expect((await login(b, 'wrong guess', '10.4.0.2')).status).toBe(429);
  });

  it('share the rate limit of public submissions', async () => {
    const instance = () =>
      createApp({
        service: { store: testDb.store, inboxForms: {}, sessionTtlHours: 1, rateLimitPerMinute: 3, trustProxy: true },
      });
    const [a, b] = [instance(), instance()];
    const claim = (target: Hono) =>
      target.request('/api/payments/claims', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '192.0.2.40' },
        body: JSON.stringify({ utr: 'not a utr' }),
      });
    const statuses = [];
    for (const target of [a, b, a, b]) statuses.push((await claim(target)).status);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});
