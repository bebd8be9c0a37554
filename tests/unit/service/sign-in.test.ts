/** @jest-environment node */
import type { Hono } from 'hono';
import { createApp } from '@/server/app';
import { Gate, RateLimiter, SignInBrake } from '@/server/limits';
import { hashPassword } from '@/server/passwords';
import type { ServiceOptions } from '@/server/service';
import type { Store } from '@/server/store/store';
import { databaseKinds, type TestDatabase } from './test-stores';

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

const [pglite] = databaseKinds;

describe('sign-in under attack (PGlite)', () => {
  let db: TestDatabase;
  let store: Store;
  beforeAll(async () => {
    db = await (pglite?.[1] ?? (() => Promise.reject(new Error('no PGlite'))))();
    store = await db.open();
    await store.addStaff('meera', await hashPassword(password));
  });
  afterAll(async () => {
    await store.close();
    await db.dispose();
  });

  function app(gate: Gate, extra: Partial<ServiceOptions> = {}): Hono {
    return createApp({
      service: {
        store,
        inboxForms: {},
        sessionTtlHours: 1,
        rateLimitPerMinute: 1000,
        trustProxy: true,
        brake: new SignInBrake(),
        hashGate: gate,
        sleep: async () => undefined,
        ...extra,
      },
    });
  }
  const login = (target: Hono, pw: string, ip: string, name = 'meera', headers: Record<string, string> = {}) =>
    target.request('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip, ...headers },
      body: JSON.stringify({ name, password: pw }),
    });

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

  it('holds 5 checks per address in a burst of 100 from 10 addresses, and refuses what the gate cannot take at once', async () => {
    const gate = new CountingGate(2, 4);
    const target = app(gate);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(target, 'wrong guess', `198.51.100.${i % 10}`)),
    );
    expect(gate.entered).toBeLessThanOrEqual(50);
    const statuses = answers.map((r) => r.status);
    // Two run, four wait: the rest are answered at once, 503 (busy) or 429 (locked).
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThan(0);
    expect(answers.find((r) => r.status === 503)?.headers.get('retry-after')).toBe('5');
    expect(statuses.every((s) => [401, 429, 503].includes(s))).toBe(true);
  });

  it('keeps a staff lockout through a flood of sign-ins under other names', async () => {
    const brake = new SignInBrake({ maxAddresses: 50 });
    const target = app(new Gate(4, 1000), { brake });
    for (let i = 0; i < 5; i++) await login(target, 'wrong guess', '192.0.2.99');
    expect((await login(target, password, '192.0.2.99')).status).toBe(429);
    // Ten times the brake's memory in made-up names from the same address.
    for (let i = 0; i < 500; i++) brake.reserve({ name: `user${i}`, known: false, address: '192.0.2.99' });
    expect((await login(target, password, '192.0.2.99')).status).toBe(429);
  });

  it('accepts a sign-in from SITE_URL behind a proxy that rewrote Host, and refuses other origins', async () => {
    const target = app(new Gate(2, 4), { allowedOrigins: ['https://studio.example'] });
    // nginx's default proxy_pass: Host is the upstream's, no X-Forwarded-Host.
    const proxied = { Host: '127.0.0.1:3000', Origin: 'https://studio.example', 'X-Forwarded-Proto': 'https' };
    expect((await login(target, password, '192.0.2.7', 'meera', proxied)).status).toBe(200);
    const foreign = { ...proxied, Origin: 'https://evil.example' };
    expect((await login(target, password, '192.0.2.7', 'meera', foreign)).status).toBe(403);
  });
});

describe('the limiters', () => {
  it('keep a fixed number of keys whatever the number of clients', () => {
    const limiter = new RateLimiter(5, Date.now, 1000);
    for (let i = 0; i < 100_000; i++) limiter.hit(`form|203.0.113.${i}`);
    expect((limiter as unknown as { windows: { size: number } }).windows.size).toBe(1000);
    const brake = new SignInBrake({ maxAddresses: 1000 });
    for (let i = 0; i < 100_000; i++) brake.reserve({ name: `n${i}`, known: false, address: '203.0.113.1' });
    expect((brake as unknown as { otherPairs: { size: number } }).otherPairs.size).toBe(1000);
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
