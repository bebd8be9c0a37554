/** @jest-environment node */
import { Gate } from '@/server/platform/limits';
import { SignInBrake } from '@/server/platform/sign-in-brake';
import { hashPassword } from '@/server/platform/passwords';
import { RebuildCoordinator } from '@/server/site/rebuild';
import { serviceApp, signIn } from './service-app';
import { databaseKind, databaseKinds, openedStore } from './test-stores';

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
  const testDb = openedStore(make);
  const app = () => serviceApp(testDb.store, { inboxForms: {}, rateLimitPerMinute: 100_000, brake: new SignInBrake() });
  const storedRows = async () => {
    const [claims] = await testDb.store.db.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_claims');
    const [sessions] = await testDb.store.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions');
    return (claims?.n ?? 0) + (sessions?.n ?? 0);
  };

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

/** Values put in every route parameter: names that reach an object's prototype, odd text, huge numbers. */
const hostileParams = [
  '__proto__',
  'constructor',
  'toString',
  'prototype',
  'hasOwnProperty',
  'valueOf',
  '%00',
  '%E0%A4%A',
  'a%2Fb',
  'a'.repeat(300),
  '0',
  '-1',
  '99999999999999999999',
  '1e3',
  'pro-audio',
  'query',
];

const deep = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
/** Bodies sent to every route, each with its content type. */
const hostileBodies: Record<string, { type?: string; body?: string }> = {
  'no body': {},
  'a body over the limit': { type: 'application/json', body: `{"note":"${'x'.repeat(70 * 1024)}"}` },
  'JSON nested 8,000 deep': { type: 'application/json', body: deep(8000) },
  'lists nested 8,000 deep': { type: 'application/json', body: `${'['.repeat(8000)}${']'.repeat(8000)}` },
  'malformed JSON': { type: 'application/json', body: '{"status":' },
  'a __proto__ key': { type: 'application/json', body: '{"__proto__":{"status":"done"},"status":"done"}' },
  'a constructor key': { type: 'application/json', body: '{"constructor":{"prototype":{"x":1}}}' },
  'a JSON string': { type: 'application/json', body: '"done"' },
  'an HTML form': { type: 'application/x-www-form-urlencoded', body: '__proto__=1&status=done' },
  'plain text': { type: 'text/plain', body: 'hello' },
  'a multipart body': { type: 'multipart/form-data; boundary=x', body: '--x\r\n\r\n--x--' },
};

describe('every service route with hostile input (PGlite)', () => {
  const testDb = openedStore(databaseKind('PGlite'));
  let cookie = '';
  const staffPassword = 'a long enough staff password';
  const sweepApp = () =>
    serviceApp(testDb.store, {
      rateLimitPerMinute: 1_000_000,
      brake: new SignInBrake({ maxChecks: 1_000_000 }),
      hashGate: new Gate(4, 1000),
      sleep: async () => undefined,
      rebuild: {
        secret: 'a rebuild secret of thirty characters',
        coordinator: new RebuildCoordinator({
          store: testDb.store,
          build: async () => ({ ok: false, log: 'not built in this test' }),
          nextFolder: () => 'unused',
          activate: async () => undefined,
          log: () => undefined,
        }),
      },
    });

  beforeAll(async () => {
    await testDb.store.addStaff('asha', await hashPassword(staffPassword));
    cookie = await signIn(sweepApp(), 'asha', staffPassword);
    expect(cookie).toMatch(/^studio_session=/);
  });

  it('answers every route, method, parameter and body with a status below 500 and a message for each 4xx', async () => {
    const app = sweepApp();
    const routes = new Map<string, string>();
    for (const r of app.routes)
      if (r.method !== 'ALL' && !r.path.includes('*')) routes.set(`${r.method} ${r.path}`, r.path);
    expect(routes.size).toBeGreaterThan(15);
    const failures: string[] = [];
    let sent = 0;
    for (const [route, pattern] of routes) {
      const method = route.split(' ')[0] ?? 'GET';
      const paths = new Set(hostileParams.map((value) => pattern.replace(/:[a-z]+(\{[^}]*\})?/gi, value)));
      for (const path of paths) {
        for (const [bodyName, { type, body }] of Object.entries(hostileBodies)) {
          if ((method === 'GET' || method === 'HEAD') && body !== undefined) continue;
          // Signing out with the session would end it for the rest of the sweep.
          for (const signedIn of route === 'POST /api/auth/logout' ? [false] : [false, true]) {
            const headers: Record<string, string> = {};
            if (type) headers['Content-Type'] = type;
            if (signedIn) headers.Cookie = cookie;
            const res = await app.request(path, { method, headers, body });
            sent += 1;
            const text = await res.text();
            const what = `${method} ${path.slice(0, 60)} with ${bodyName}${signedIn ? ' (signed in)' : ''}: ${res.status}`;
            if (res.status >= 500) failures.push(`${what} ${text.slice(0, 120)}`);
            else if (res.status >= 400 && !/"message":"[^"]+"|<h1>/.test(text))
              failures.push(`${what} without a message`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
    // The staff session still works afterwards: nothing above broke it.
    const me = await app.request('/api/auth/me', { headers: { Cookie: cookie } });
    expect(await me.json()).toEqual({ name: 'asha' });
  });

  it('refuses a body over the limit with 413 before reading it, also when sent in chunks', async () => {
    const app = sweepApp();
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 100; i++) controller.enqueue(new Uint8Array(8 * 1024).fill(0x20));
        controller.close();
      },
    });
    const res = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      body: chunked,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: 'The request body is too large (at most 64 KB).' });
  });
});
