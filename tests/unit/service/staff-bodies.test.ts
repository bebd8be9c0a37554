/** @jest-environment node */
import type { Hono } from 'hono';
import { staffSignedIn } from './service-app';
import { databaseKind, openedStore } from './test-stores';

jest.setTimeout(120_000);

const password = 'a long enough staff password';

/**
 * The staff routes' bodies, each read by its yup schema (server/validate.ts): a field of the wrong
 * type, an unknown field where the route refuses them, or a body that is not an object is a 400
 * with the message the dashboard shows, and nothing is done.
 */
const refusals: ReadonlyArray<readonly [string, string, unknown, string]> = [
  ['sign-in with a number for the name', '/api/auth/login', { name: 42, password }, 'Enter your name and password.'],
  [
    'sign-in with a list for the password',
    '/api/auth/login',
    { name: 'meera', password: [password] },
    'Enter your name and password.',
  ],
  ['sign-in with a blank name', '/api/auth/login', { name: '   ', password }, 'Enter your name and password.'],
  ['sign-in that is a list', '/api/auth/login', [{ name: 'meera', password }], 'Enter your name and password.'],
  ['sign-out that is text', '/api/auth/logout', 'bye', 'Send a JSON object.'],
  ['"Rebuild now" that is a list', '/api/builds', [], 'Send a JSON object.'],
];

describe('the staff routes refuse bodies of the wrong shape (PGlite)', () => {
  const testDb = openedStore(databaseKind('PGlite'));
  let app: Hono;
  let cookie: string;

  beforeAll(async () => {
    ({ app, cookie } = await staffSignedIn(testDb.store, 'meera', password, { rateLimitPerMinute: 10_000 }));
  });

  it.each(refusals)('%s: 400 with its message', async (_case, path, body, message) => {
    const res = await app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(expect.objectContaining({ message }));
  });

  it('still signs in with extra fields, as before, and the session still works', async () => {
    const res = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: ' Meera ', password, remember: true }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: 'meera' });
    const me = await app.request('/api/auth/me', { headers: { Cookie: cookie } });
    expect(await me.json()).toEqual({ name: 'meera' });
  });
});
