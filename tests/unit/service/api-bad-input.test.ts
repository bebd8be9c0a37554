/** @jest-environment node */
import type { Hono } from 'hono';
import { inboxForms } from '@/lib/forms/registry';
import { registrantRefusals } from '@/lib/sessions/registrant';
import { createApp } from '@/server/app';
import { Gate } from '@/server/platform/limits';
import { SignInBrake } from '@/server/platform/sign-in-brake';
import { startPrivacy } from '@/server/privacy/privacy';
import { sessionService } from '@/server/sessions/sessions';
import { RebuildCoordinator } from '@/server/site/rebuild';
import { certificationBody, json, serviceApp, signIn, testHash, testPasswordCost } from './service-app';
import { addSubmission, databaseKind, databaseKinds, openedStore } from './test-stores';

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
  // One service for the block: no test here comes near its limits, and none depends on another's requests.
  let service: Hono | undefined;
  beforeAll(() => {
    service = serviceApp(testDb.store, { inboxForms: {}, rateLimitPerMinute: 100_000, brake: new SignInBrake() });
  });
  const app = (): Hono => {
    if (!service) throw new Error('the service is made in beforeAll');
    return service;
  };
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

/** A parameter in a route's pattern, with its pattern if it has one (which may hold braces: `{[0-9]{1,9}}`). */
const routeParam = /:([a-z]+)(\{(?:[^{}]|\{[^{}]*\})*\})?/gi;

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

const staffPassword = 'a long enough staff password';

describe('every service route with hostile input (PGlite)', () => {
  const testDb = openedStore(databaseKind('PGlite'));
  let cookie = '';
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
    await testDb.store.addStaff('asha', await testHash(staffPassword));
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
      const paths = new Set(hostileParams.map((value) => pattern.replace(routeParam, value)));
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

/**
 * Numbers as a request can carry them where the service reads a number: past PostgreSQL's
 * `integer` (every id and amount column), past JavaScript's safe integers, below one, and written as
 * an exponent or in hex. Each is JSON's own number where a body carries it (hex, not JSON, as text).
 */
const outOfRange = ['2147483648', '9999999999999999999', '-1', '1e3', '0x10'];
/** A JSON value standing for the number under test in a route's body. */
const numberSlot = '"number-under-test"';
/** A link's token, a ticket's token and a path's id, each naming `n`. */
const linkToken = (n: string) => `${n}.${'A'.repeat(27)}`;

/** An intake at the studio's door (offline), as staff schedule it. */
const doorIntake = {
  kind: 'course',
  title: 'Diploma',
  startsAt: '2031-06-06 14:00',
  durationMinutes: 120,
  capacity: 10,
  mode: 'offline',
  location: 'The studio',
};

/**
 * The body of each route that reads one, valid but for its numbers (`numberSlot`): every route that
 * takes a number in its body is here, so that the number, not another field, is what is checked.
 */
const numberedBodies: Record<string, unknown> = {
  'POST /api/forms/:form': { ...certificationBody(1), Intake: numberSlot },
  'PATCH /api/forms/:form/:id{[0-9]+}': { status: 'done' },
  'POST /api/payments/claims': {
    utr: '123456789012',
    contact: 'asha@example.com',
    reference: 'MCABC12345',
    amountPaise: numberSlot,
  },
  'PATCH /api/payments/claims/:id{[0-9]+}': { status: 'rejected' },
  'POST /api/payments/claims/verify': { ids: [numberSlot] },
  'POST /api/rebuild/photos': { media: [numberSlot] },
  'POST /api/books/refunds/:id{[0-9]{1,9}}/decline': { reason: 'Outside the terms.' },
  'POST /api/books/refunds/:id{[0-9]{1,9}}/refund': { utr: 'UTRREFUND0001', amountPaise: numberSlot },
  'POST /api/books/registrant/refund': { reason: 'It was not what the page promised.' },
  'POST /api/registrant/move': { sessionId: numberSlot },
  'POST /api/sessions/manage': {
    kind: 'masterclass',
    startsAt: '2031-06-06 14:00',
    durationMinutes: numberSlot,
    capacity: numberSlot,
    meetingUrl: 'https://meet.example/x',
  },
  'PATCH /api/sessions/manage/:id{[0-9]+}': { ...doorIntake, capacity: numberSlot },
  'POST /api/sessions/manage/:id{[0-9]+}/waitlist/:entry{[0-9]+}/move': { direction: 'up' },
  'POST /api/sessions/manage/:id{[0-9]+}/check-in': {
    scanId: 'scan-00001',
    scannedAt: '2031-06-06T08:30:00.000Z',
    token: `T${numberSlot}.${numberSlot}.${'A'.repeat(22)}`,
  },
  'POST /api/sessions/manage/:id{[0-9]+}/attendance': { registration: numberSlot, reason: 'Her phone was flat.' },
  'POST /api/sessions/manage/:id{[0-9]{1,9}}/certificates': { registrations: [numberSlot] },
  'POST /api/people/correct': { q: 'asha@example.com', form: 'query', id: numberSlot, field: 'name', value: 'Asha' },
  'POST /api/privacy/requests/:id{[0-9]+}': { action: 'done', outcome: 'Done.' },
};

/** The body of `route` as JSON text with `n` in each number's place: JSON's number, or text where JSON has none. */
function numberedBody(route: string, n: string): string | undefined {
  const body = numberedBodies[route];
  if (body === undefined) return undefined;
  const literal = /^-?\d+(e\d+)?$/.test(n) ? n : JSON.stringify(n);
  return JSON.stringify(body).replaceAll(`"\\"number-under-test\\""`, literal).replaceAll('\\"number-under-test\\"', n);
}

/**
 * A path parameter's value other than the number under test: one that names something where it can
 * (intake 2 is the one cancelled, intake 1 stays at the door).
 */
const otherParam = (route: string, name: string): string =>
  ({ form: 'certification', serial: 'ABCD-2031-0000000000' })[name] ?? (route.endsWith('/cancel') ? '2' : '1');

describe('every number a request carries, out of range (PGlite)', () => {
  const testDb = openedStore(databaseKind('PGlite'));
  const logged: string[] = [];
  const secret = 'a rebuild secret of thirty characters';
  let app: ReturnType<typeof serviceApp>;
  let cookie = '';

  beforeAll(async () => {
    const store = testDb.store;
    await store.addStaff('asha', await testHash(staffPassword));
    await startPrivacy(store);
    const sessions = await sessionService({ store, siteUrl: 'https://studio.test' });
    app = createApp({
      log: (kind, message) => logged.push(`${kind} ${message}`),
      service: {
        store,
        inboxForms,
        sessionTtlHours: 12,
        trustProxy: false,
        rateLimitPerMinute: 1_000_000,
        brake: new SignInBrake({ maxChecks: 1_000_000 }),
        hashGate: new Gate(4, 1000),
        passwordCost: testPasswordCost,
        sleep: async () => undefined,
        sessions,
        privacy: {
          siteUrl: 'https://studio.test',
          studioName: 'One11 Studios',
          grievance: { name: 'Asha Rao', email: 'privacy@studio.test' },
        },
        rebuild: {
          secret,
          coordinator: new RebuildCoordinator({
            store,
            build: async () => ({ ok: false, log: 'not built in this test' }),
            nextFolder: () => 'unused',
            activate: async () => undefined,
            log: () => undefined,
          }),
        },
      },
    });
    cookie = await signIn(app, 'asha', staffPassword);
    // Something for the ids 1 and 2 to name: sessions at the door (offline course intakes), a submission.
    for (const _intake of [1, 2])
      expect((await app.request('/api/sessions/manage', json('POST', doorIntake, cookie))).status).toBe(201);
    await addSubmission(store, 'query', { name: 'Asha Rao', email: 'asha@example.com', message: 'Hello' });
  });

  it('answers each with a status below 500 and logs no error, in a path, a token, a query or a body', async () => {
    const routes = new Map<string, string>();
    for (const r of app.routes)
      if (r.method !== 'ALL' && !r.path.includes('*')) routes.set(`${r.method} ${r.path}`, r.path);
    const failures: string[] = [];
    let sent = 0;
    for (const [route, pattern] of routes) {
      // Signing out would end the staff session for the rest of the sweep.
      if (route === 'POST /api/auth/logout') continue;
      const method = route.split(' ')[0] ?? 'GET';
      const params = [...pattern.matchAll(routeParam)].map((m) => `:${m[1] ?? ''}`);
      // The number in one place at a time, every other place naming something (1, a form, a serial).
      for (const place of [...params, 'token', 'query', 'body']) {
        for (const n of outOfRange) {
          const at = (where: string) => (where === place ? n : '1');
          const path =
            pattern.replace(routeParam, (_m, name: string) =>
              place === `:${name}` ? (name === 'token' ? linkToken(n) : n) : otherParam(route, name),
            ) + (method === 'GET' ? `?page=${at('query')}&month=${place === 'query' ? n : '2031-06'}` : '');
          const body = numberedBody(route, at('body')) ?? (method === 'GET' ? undefined : '{}');
          const headers: Record<string, string> = {
            Cookie: cookie,
            // The photos' webhook gets its secret as the bearer token (the rebuild webhook none: it
            // would start a build); every other route a link's token.
            Authorization: `Bearer ${route === 'POST /api/rebuild/photos' ? secret : linkToken(at('token'))}`,
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          };
          const before = logged.length;
          const res = await app.request(path, { method, headers, body });
          sent += 1;
          const text = await res.text();
          const what = `${route} with ${n} in ${place}: ${res.status}`;
          if (res.status >= 500) failures.push(`${what} ${text.slice(0, 100)}`);
          else if (logged.length > before) failures.push(`${what}, logged ${logged.slice(before).join(' | ')}`);
          else if (res.status >= 400 && !/"message":"[^"]+"/.test(text)) failures.push(`${what} without a message`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
  });

  it.each([
    ['a link token on the registrant page', 'GET', '/api/registrant', undefined, 404, registrantRefusals.badLink],
    ['a link token on the invoices page', 'GET', '/api/books/registrant', undefined, 404, 'This link is not valid.'],
    ['a join token', 'POST', '/api/join', undefined, 404, registrantRefusals.badLink],
    [
      "a session's roster",
      'GET',
      '/api/sessions/manage/2147483648/roster',
      undefined,
      404,
      'There is no such session.',
    ],
    ['a submission', 'PATCH', '/api/forms/query/2147483648', { status: 'done' }, 404, 'There is no such submission.'],
    ['a claim', 'PATCH', '/api/payments/claims/2147483648', { status: 'verified' }, 404, 'There is no such claim.'],
    [
      'an amount refunded',
      'POST',
      '/api/books/refunds/1/refund',
      { utr: 'UTRREFUND0001', amountPaise: 2147483648 },
      400,
      'Give the amount refunded, in paise.',
    ],
    [
      'a ticket at the door',
      'POST',
      '/api/sessions/manage/1/check-in',
      { scanId: 'scan-00002', scannedAt: '2031-06-06T08:30:00.000Z', token: `T2147483648.1.${'A'.repeat(22)}` },
      404,
      'This is not a valid ticket.',
    ],
  ])(
    '2,147,483,648 as %s (%s %s) is refused with a message, nothing logged',
    async (_what, method, path, body, status, message) => {
      const before = logged.length;
      const res = await app.request(path, {
        method,
        headers: {
          Cookie: cookie,
          Authorization: `Bearer ${linkToken('2147483648')}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual(expect.objectContaining({ message }));
      expect(logged.slice(before)).toEqual([]);
    },
  );
});
