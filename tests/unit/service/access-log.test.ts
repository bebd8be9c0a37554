/** @jest-environment node */
import type { Hono } from 'hono';
import { createApp } from '@/server/app';
import { inboxForms } from '@/lib/forms/registry';
import { startPrivacy } from '@/server/privacy/privacy';
import { sessionService } from '@/server/sessions/sessions';
import { purgeExpired } from '@/server/privacy/retention-store';
import { subjectHash } from '@/server/privacy/people-store';
import { signIn, testHash, testPasswordCost } from './service-app';
import { databaseKinds, openedStore, addSubmission } from './test-stores';

jest.setTimeout(180_000);

const password = 'correct horse battery staple';
const day = 86_400_000;

function json(method: string, body: unknown, cookie: string): RequestInit {
  return { method, headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: JSON.stringify(body) };
}

const asha = {
  name: 'Asha Verma',
  email: 'asha@example.com',
  phone: '9876543210',
  city: 'Pune',
  level: 'Beginner',
  schedule: 'Fri 2pm',
};
const ashaHash = subjectHash({ kind: 'email', value: 'asha@example.com' });

describe.each(databaseKinds)('the access log on %s', (_label, make) => {
  const testDb = openedStore(make);
  let app: Hono;
  let cookie: string;
  const clock = new Date('2026-11-26T10:00:00Z');

  const get = (path: string) => app.request(path, { headers: { Cookie: cookie } });
  const send = (method: string, path: string, body: unknown) => app.request(path, json(method, body, cookie));
  const entries = () =>
    testDb.store.db.query<{ staff_name: string; action: string; subject_hash: string; detail: string }>(
      'SELECT staff_name, action, subject_hash, detail FROM privacy_log ORDER BY id',
    );

  beforeAll(async () => {
    await testDb.store.addStaff('meera', await testHash(password));
    await startPrivacy(testDb.store);
    const sessions = await sessionService({ store: testDb.store, siteUrl: 'https://studio.test', now: () => clock });
    app = createApp({
      service: {
        store: testDb.store,
        inboxForms,
        sessionTtlHours: 12,
        rateLimitPerMinute: 10_000,
        trustProxy: false,
        passwordCost: testPasswordCost,
        now: () => clock,
        sessions,
        privacy: {
          siteUrl: 'https://studio.test',
          studioName: 'One11 Studios',
          grievance: { name: 'Asha Rao', email: 'privacy@studio.test' },
        },
      },
    });
    cookie = await signIn(app, 'meera', password);
    await addSubmission(testDb.store, 'masterclass', asha);
    await addSubmission(testDb.store, 'masterclass', { ...asha, name: 'Ravi', email: 'ravi@example.com' });
    await testDb.store.db.write((tx) =>
      tx.query(
        "INSERT INTO payment_claims (utr, contact, reference, amount_paise, page, kind) VALUES ('512345678901', 'asha@example.com', 'MC0ABCDEFGH', 149900, '/masterclass', 'masterclass')",
      ),
    );
  });

  it('holds an entry for each staff view and export of personal data, and none for a refused one', async () => {
    const [sub] = await testDb.store.db.query<{ id: number }>(
      "SELECT id FROM form_submissions WHERE payload ->> 'email' = 'asha@example.com'",
    );
    const id = Number(sub?.id);
    const [claim] = await testDb.store.db.query<{ id: number }>('SELECT id FROM payment_claims');
    const session = await send('POST', '/api/sessions/manage', {
      kind: 'masterclass',
      startsAt: '2031-03-07 14:00',
      durationMinutes: 120,
      capacity: 10,
      meetingUrl: 'https://meet.example/abc-defg-hij',
    });
    const sessionId = (await session.json()).session.id;
    const statement = 'Date,Narration,Deposit Amt.\n20/11/26,UPI-A-512345678901-X,"1,499.00"';

    // Each staff action, and the entry it must leave (action, detail, whose).
    const actions: Array<[() => Response | Promise<Response>, string, string, string]> = [
      [() => get('/api/forms/masterclass/rows'), 'view', 'masterclass table: page 1, 2 of 2 rows', ''],
      [
        () => get('/api/forms/masterclass/rows?q=asha%40example.com'),
        'search',
        'masterclass table: page 1 (search), 1 of 1 rows',
        ashaHash,
      ],
      [() => get('/api/forms/masterclass/rows?size=all'), 'view', 'masterclass table: all rows, 2 of 2 rows', ''],
      [
        () => get('/api/forms/masterclass/rows?status=new&page=2'),
        'view',
        'masterclass table: page 2 (status new), 0 of 2 rows',
        '',
      ],
      [() => get(`/api/forms/masterclass/${id}`), 'view', `masterclass submission ${id}`, ashaHash],
      [
        () => send('PATCH', `/api/forms/masterclass/${id}`, { status: 'done' }),
        'change',
        `masterclass submission ${id}: status`,
        ashaHash,
      ],
      [() => get('/api/forms/masterclass/export.csv'), 'export', 'masterclass CSV export: all rows, 2 of 2 rows', ''],
      [() => get('/api/forms/masterclass'), 'export', 'masterclass JSON export: all rows', ''],
      [() => get('/pro-audio-form/save-form.php'), 'export', 'pro-audio JSON export: all rows', ''],
      [() => send('POST', '/api/people/search', { q: 'ASHA@example.com' }), 'view', '2 record(s)', ashaHash],
      [() => send('POST', '/api/people/export', { q: 'asha@example.com', format: 'csv' }), 'export', 'CSV', ashaHash],
      [() => send('POST', '/api/people/export', { q: 'asha@example.com', format: 'json' }), 'export', 'JSON', ashaHash],
      [() => get('/api/payments/claims'), 'view', 'payments: every claim', ''],
      [
        () => send('POST', '/api/payments/statement', { csv: statement }),
        'view',
        'payments: bank statement matched to claims',
        '',
      ],
      [
        () => send('PATCH', `/api/payments/claims/${claim?.id}`, { status: 'rejected' }),
        'change',
        `payment claim ${claim?.id}: reviewed`,
        '',
      ],
      [() => get(`/api/sessions/manage/${sessionId}/roster`), 'view', `session ${sessionId} roster`, ''],
      [() => get('/api/privacy/requests'), 'view', 'data requests: 0 (0 open)', ''],
    ];
    for (const [act, action, detail, subject] of actions) {
      const before = (await entries()).length;
      const res = await act();
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      const added = (await entries()).slice(before);
      expect(added).toEqual([{ staff_name: 'meera', action, detail, subject_hash: subject }]);
    }

    // Refused or unknown: nothing was shown, nothing is logged.
    const before = (await entries()).length;
    expect((await get('/api/forms/masterclass/999999')).status).toBe(404);
    expect((await app.request('/api/forms/masterclass/rows')).status).toBe(401);
    expect((await app.request('/api/payments/claims')).status).toBe(401);
    expect(await entries()).toHaveLength(before);
    // No address, name or search text in the log.
    expect(JSON.stringify(await entries())).not.toMatch(/asha|ravi|9876543210/i);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of the access log; only the retention purge deletes, old entries only', async () => {
    const db = testDb.store.db;
    await expect(db.write((tx) => tx.query("UPDATE privacy_log SET staff_name = 'nobody'"))).rejects.toThrow(
      /append-only: UPDATE/,
    );
    await expect(db.write((tx) => tx.query('DELETE FROM privacy_log'))).rejects.toThrow(/append-only: DELETE/);
    await expect(db.write((tx) => tx.query('TRUNCATE privacy_log'))).rejects.toThrow(/append-only: TRUNCATE/);
    // The purge's flag lasts for its own transaction only.
    await db.write(async (tx) => {
      await tx.query("SELECT set_config('studio.purging_access_log', 'on', true)");
    });
    await expect(db.write((tx) => tx.query('DELETE FROM privacy_log'))).rejects.toThrow(/append-only/);
    const kept = (await entries()).length;
    expect(kept).toBeGreaterThan(10);

    await purgeExpired(testDb.store, new Date(clock.getTime() + 30 * day));
    // Nothing older than a year: every entry stays, and the purge adds its own.
    expect(await entries()).toHaveLength(kept + 1);
    await purgeExpired(testDb.store, new Date(clock.getTime() + 400 * day));
    expect((await entries()).map((e) => e.action)).toEqual(['purge']);
  });
});
