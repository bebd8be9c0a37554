/** @jest-environment node */
import { createApp } from '@/server/app';
import { SignInBrake } from '@/server/limits';
import type { Store } from '@/server/store/store';
import { databaseKinds, type TestDatabase } from './test-stores';

jest.setTimeout(300_000);

/**
 * The public POSTs that are not forms (sign-in and payment claims; the forms have their own table
 * in api-forms.test.ts): every hostile body is a clear 400, never a 500 or a storage error, and
 * nothing is stored.
 */
const routes = {
  'sign-in': { path: '/api/auth/login', valid: { name: 'asha', password: 'a long enough password' }, text: 'name' },
  'payment claim': {
    path: '/api/payments/claims',
    valid: { utr: '123456789012', contact: 'asha@example.com', reference: 'MCABC12345', amountPaise: 11682 },
    text: 'contact',
  },
} as const;

type Route = (typeof routes)[keyof typeof routes];
const withText = (route: Route, value: unknown) => JSON.stringify({ ...route.valid, [route.text]: value });

const cases: Record<string, (route: Route) => string> = {
  'a __proto__ key': (r) => JSON.stringify(r.valid).replace(/^\{/, '{"__proto__":{"polluted":"yes"},'),
  'a constructor.prototype key': (r) =>
    JSON.stringify(r.valid).replace(/^\{/, '{"constructor":{"prototype":{"polluted":"yes"}},'),
  'a NUL byte': (r) => withText(r, 'asha\u0000@example.com'),
  'a bell control character': (r) => withText(r, 'asha\u0007@example.com'),
  'a lone surrogate': (r) => withText(r, 'asha\ud800@example.com'),
  'a NUL byte in a key': (r) => JSON.stringify({ ...r.valid, 'x\u0000': 'y' }),
  'a number for text': (r) => withText(r, 42),
  'an object for text': (r) => withText(r, { first: 'asha' }),
  'a list for text': (r) => withText(r, ['asha']),
  'over-long text': (r) => withText(r, `${'a'.repeat(5000)}@example.com`),
  'a JSON array body': (r) => JSON.stringify([r.valid]),
  'a JSON null body': () => 'null',
  'malformed JSON': (r) => JSON.stringify(r.valid).slice(0, -1),
};

describe.each(databaseKinds)('the other public POSTs on %s', (_label, make) => {
  let db: TestDatabase;
  let store: Store;
  const app = () =>
    createApp({
      service: {
        store,
        inboxForms: {},
        sessionTtlHours: 12,
        rateLimitPerMinute: 100_000,
        trustProxy: false,
        brake: new SignInBrake(),
      },
    });
  const storedRows = async () => {
    const [claims] = await store.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_claims');
    const [sessions] = await store.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions');
    return (claims?.n ?? 0) + (sessions?.n ?? 0);
  };

  beforeAll(async () => {
    db = await make();
    store = await db.open();
  });
  afterAll(async () => {
    await store.close();
    await db.dispose();
  });

  const table = Object.entries(routes).flatMap(([route, r]) =>
    Object.entries(cases).map(([name, body]) => [route, name, r.path, body(r)] as const),
  );

  it.each(table)('%s: %s is refused with 400 and nothing is stored', async (_route, _case, path, body) => {
    const before = await storedRows();
    const res = await app().request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
    expect(res.status).toBe(400);
    const answer: unknown = await res.json();
    expect(answer).toEqual(expect.objectContaining({ message: expect.any(String) }));
    expect(await storedRows()).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
