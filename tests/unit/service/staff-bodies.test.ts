/** @jest-environment node */
import type { Hono } from 'hono';
import { sessionService } from '@/server/sessions/sessions';
import { staffSignedIn } from './service-app';
import { databaseKind, openedStore } from './test-stores';

jest.setTimeout(120_000);

const password = 'a long enough staff password';
const session = {
  kind: 'masterclass',
  startsAt: '2031-06-06 14:00',
  durationMinutes: 120,
  capacity: 10,
  meetingUrl: 'https://meet.example/x',
};

/**
 * The staff routes' bodies, each read by its yup schema (server/platform/validate.ts): a field of the wrong
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
  ['a session with an unknown field', '/api/sessions/manage', { ...session, seats: 10 }, 'Unknown field: seats'],
  [
    'a session with its capacity as text',
    '/api/sessions/manage',
    { ...session, capacity: '10' },
    'The capacity is 1 to 10000 seats.',
  ],
  [
    'a waitlist move with a number',
    '/api/sessions/manage/1/waitlist/1/move',
    { direction: 1 },
    'Say which way to move: "up" or "down".',
  ],
  [
    'a scan with a number for its id',
    '/api/sessions/manage/1/check-in',
    { scanId: 12345678, code: 'ABCD-2345' },
    'The scan has no id.',
  ],
  [
    'a scan with a number for its code',
    '/api/sessions/manage/1/check-in',
    { scanId: 'phone-a-0001', code: 12345678 },
    'A ticket code is 8 letters and digits, like ABCD-2345.',
  ],
  [
    'certificates for registrations given as text',
    '/api/sessions/manage/1/certificates',
    { registrations: ['7'] },
    'Registrations are given by their numbers (whole numbers, as the roster shows them).',
  ],
  [
    'certificates for no one',
    '/api/sessions/manage/1/certificates',
    { attended: false },
    'Send {"registrations": [registration numbers]} or {"attended": true}.',
  ],
  [
    'a revocation with a number for its reason',
    '/api/certificates/MCLS-2031-0123456789/revoke',
    { reason: 42 },
    'Give the reason for revoking it (up to 500 characters).',
  ],
  [
    'a person search with a number',
    '/api/people/search',
    { q: 9876543210 },
    'Enter an e-mail address or a ten-digit phone number.',
  ],
  [
    'an erasure without its confirmation',
    '/api/people/erase',
    { q: 'asha@example.com' },
    'Erasure cannot be undone: confirm it (send confirm: "erase").',
  ],
  [
    'a correction with a list for its value',
    '/api/people/correct',
    { q: 'asha@example.com', form: 'contact', id: 1, field: 'message', value: ['x'] },
    'The new value must be text of at most 2,000 characters.',
  ],
  [
    "an answer to a visitor's request with another action",
    '/api/privacy/requests/1',
    { action: 'delete' },
    'The action must be erase (erasure requests), done or refuse.',
  ],
  [
    'the access log searched with a list',
    '/api/privacy/log',
    { q: ['asha@example.com'] },
    'Enter an e-mail address or a ten-digit phone number.',
  ],
  [
    'a declined refund with a number for its reason',
    '/api/books/refunds/1/decline',
    { reason: 7 },
    'Give the reason the registrant is told (the terms it does not meet).',
  ],
  [
    'a refund with its amount as text',
    '/api/books/refunds/1/refund',
    { utr: 'UTR1234567', amountPaise: '11682' },
    'Give the amount refunded, in paise.',
  ],
  [
    'a password change with a number',
    '/api/auth/password',
    { current: password, next: 12345678 },
    'Enter your current password and the new one.',
  ],
  [
    "a claim's review with another status",
    '/api/payments/claims/1',
    { status: 'paid' },
    'The status must be verified or rejected.',
  ],
  ['a statement with an unknown field', '/api/payments/statement', { csv: 'a,b', bank: 'x' }, 'Unknown field: bank'],
  [
    'a statement with a number for a column',
    '/api/payments/statement',
    { csv: 'a,b', mapping: { utr: 1, amount: 'b' } },
    'The mapping names the UTR and amount columns (and optionally the date column).',
  ],
  [
    'claims to verify given as text',
    '/api/payments/claims/verify',
    { ids: ['1'] },
    'Send { "ids": [...] } with 1 to 5000 claim ids.',
  ],
  [
    "a submission's change with an unknown field",
    '/api/forms/pro-audio/1',
    { status: 'done', owner: 'x' },
    'Unknown field: owner',
  ],
  ["a submission's change with a number for its note", '/api/forms/pro-audio/1', { note: 5 }, 'The note must be text.'],
  ["a submission's change with neither", '/api/forms/pro-audio/1', {}, 'Send a status, a note or both.'],
];

describe('the staff routes refuse bodies of the wrong shape (PGlite)', () => {
  const testDb = openedStore(databaseKind('PGlite'));
  let app: Hono;
  let cookie: string;

  beforeAll(async () => {
    const sessions = await sessionService({ store: testDb.store, siteUrl: 'https://studio.example' });
    ({ app, cookie } = await staffSignedIn(testDb.store, 'meera', password, {
      rateLimitPerMinute: 10_000,
      sessions,
      privacy: {
        siteUrl: 'https://studio.example',
        studioName: 'Studio',
        grievance: { name: 'Meera', email: 'privacy@studio.example' },
      },
    }));
  });

  it.each(refusals)('%s: 400 with its message', async (_case, path, body, message) => {
    const res = await app.request(path, {
      method: path.startsWith('/api/forms/') || path.startsWith('/api/payments/claims/1') ? 'PATCH' : 'POST',
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

  it('takes a session as the dashboard sends it, trimmed, and nothing of the refused ones', async () => {
    const res = await app.request('/api/sessions/manage', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ ...session, meetingUrl: ' https://meet.example/x ' }),
    });
    expect(res.status).toBe(201);
    const list = await (await app.request('/api/sessions/manage', { headers: { Cookie: cookie } })).json();
    expect(list.sessions).toEqual([expect.objectContaining({ capacity: 10, meetingUrl: 'https://meet.example/x' })]);
  });
});
