/** @jest-environment node */
import type { Hono } from 'hono';
import { privacyNoticeVersion } from '@/content/privacy-notice';
import { DailyScheduler } from '@/server/platform/jobs';
import { retentionJob, startPrivacy } from '@/server/privacy/privacy';
import { inboxForms } from '@/lib/forms/registry';
import { startNotifications } from '@/server/notify';
import type { OutboxWorker } from '@/server/platform/outbox';
import { workspaceTables } from '@/server/forms/staff-api';
import { reapplyErasures } from '@/server/privacy/erasure-store';
import { subjectHash } from '@/server/privacy/people-store';
import { serviceApp, signIn, testHash } from './service-app';
import { startSmtp, type TestSmtp } from './smtp';
import { until } from './until';
import { databaseKinds, openedStore, addSubmission } from './test-stores';
import { suitePort } from '../../free-port';

jest.setTimeout(180_000);

const password = 'correct horse battery staple';
const smtpPort = suitePort();
const day = 86_400_000;

function json(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

const asha = {
  name: 'Asha Verma',
  email: 'Asha.Verma@Example.com',
  phone: '9876543210',
  city: 'Pune',
  level: 'Beginner',
  schedule: 'Fri 2pm',
};
const other = { ...asha, name: 'Ravi Kumar', email: 'ravi@example.com', phone: '9123456780' };

describe.each(databaseKinds)("visitors' personal data on %s", (_label, make) => {
  const testDb = openedStore(make);
  let app: Hono;
  let smtp: TestSmtp;
  let owner: string;
  let staff: string;
  let clock = new Date();
  let worker: OutboxWorker | undefined;
  const grievance = { name: 'Asha Rao', email: 'privacy@studio.test' };
  const toVisitor = (address: string) => () => smtp.mails.filter((m) => m.to === address);

  const as = (cookie: string, path: string, body: unknown) => app.request(path, json('POST', body, { Cookie: cookie }));
  const search = async (q: string) => (await (await as(staff, '/api/people/search', { q })).json()).person;
  const rowsOf = async (table: string) =>
    testDb.store.db.query<Record<string, unknown>>(`SELECT * FROM ${table} ORDER BY id`);

  beforeAll(async () => {
    smtp = await startSmtp(smtpPort());
    await testDb.store.addStaff('owner', await testHash(password));
    await testDb.store.addStaff('meera', await testHash(password));
    await startPrivacy(testDb.store);
    // Outbox rows (the e-mail records) are written while notifications are on; the worker sends
    // the studio's notifications and the messages about personal data.
    const privacy = { siteUrl: 'https://studio.test', studioName: 'One11 Studios', grievance };
    worker = await startNotifications(testDb.store, {
      smtpUrl: `smtp://127.0.0.1:${smtpPort()}`,
      to: 'studio@studio.test',
      dashboardUrl: 'https://studio.test/dashboard',
      tables: workspaceTables(inboxForms),
      privacy: { ...privacy, now: () => clock },
    });
    app = serviceApp(testDb.store, {
      rateLimitPerMinute: 10_000,
      now: () => clock,
      privacy: { ...privacy, emailOn: true },
    });
    owner = await signIn(app, 'owner', password);
    staff = await signIn(app, 'meera', password);
    for (const p of [asha, other])
      expect((await app.request('/api/forms/masterclass', json('POST', p))).status).toBe(201);
    const query = {
      Name: 'Asha V',
      Email: 'asha.verma@example.com',
      Query: 'Do you teach Ableton on weekends?',
      Timestamp: '20/11/2026, 10:00:00',
    };
    expect((await app.request('/api/forms/query', json('POST', query))).status).toBe(201);
    await addSubmission(testDb.store, 'talent-show', {
      FullName: 'Asha V',
      ContactNumber: '+91 98765 43210',
      Email: 'stage@example.com',
    });
    for (const [utr, contact] of [
      ['111122223333', '98765 43210'],
      ['444455556666', 'asha.verma@example.com'],
      ['777788889999', 'ravi@example.com'],
    ]) {
      const claim = { utr, contact, reference: 'MC0ABCDEFGH', amountPaise: 49_900 };
      expect((await app.request('/api/payments/claims', json('POST', claim))).status).toBe(201);
    }
    await testDb.store.db.write((tx) =>
      tx.query("UPDATE payment_claims SET status = 'verified' WHERE utr IN ('111122223333', '777788889999')"),
    );
  });
  afterAll(async () => {
    await worker?.stop();
    await smtp.close();
  });

  it('records the privacy notice version with each submission, in a column, leaving the payload as sent', async () => {
    const [row] = await testDb.store.db.query<Record<string, unknown>>(
      "SELECT payload, notice_version FROM form_submissions WHERE form = 'masterclass' ORDER BY id LIMIT 1",
    );
    expect(row?.notice_version).toBe(privacyNoticeVersion);
    expect(Object.keys(row?.payload as object).sort()).toEqual(Object.keys(asha).sort());
  });

  it('stores who each submission is from in columns, by the roles of its form, e-mail in lower case and phone as ten digits', async () => {
    const people = await testDb.store.db.query<Record<string, unknown>>(
      'SELECT form, person_name, person_email, person_phone FROM form_submissions ORDER BY id',
    );
    expect(people).toEqual([
      {
        form: 'masterclass',
        person_name: 'Asha Verma',
        person_email: 'asha.verma@example.com',
        person_phone: '9876543210',
      },
      { form: 'masterclass', person_name: 'Ravi Kumar', person_email: 'ravi@example.com', person_phone: '9123456780' },
      { form: 'query', person_name: 'Asha V', person_email: 'asha.verma@example.com', person_phone: null },
      { form: 'talent-show', person_name: 'Asha V', person_email: 'stage@example.com', person_phone: '9876543210' },
    ]);
  });

  it('finds one person by e-mail (any case) or phone across every form and the claims, for staff only', async () => {
    expect((await app.request('/api/people/search', json('POST', { q: asha.email }))).status).toBe(401);
    expect((await as(staff, '/api/people/search', { q: 'not an address' })).status).toBe(400);
    const byEmail = await search('ASHA.VERMA@example.com');
    expect(byEmail.submissions.map((s: { form: string }) => s.form).sort()).toEqual(['masterclass', 'query']);
    // The e-mail's claim, and the phone's claim that pays for the masterclass registration.
    expect(byEmail.claims.map((c: { utr: string }) => c.utr).sort()).toEqual(['111122223333', '444455556666']);
    expect(byEmail.messages.length).toBeGreaterThanOrEqual(4);
    const byPhone = await search('+91 98765-43210');
    expect(byPhone.submissions.map((s: { form: string }) => s.form).sort()).toEqual(['masterclass', 'talent-show']);
    // The e-mail's claim matched the masterclass registration when it came, so it is found by the phone too.
    expect(byPhone.claims.map((c: { utr: string }) => c.utr)).toEqual(['111122223333', '444455556666']);
  });

  it('exports JSON and CSV (formulas guarded) and corrects a field, recorded in the history', async () => {
    const csv = await (await as(staff, '/api/people/export', { q: asha.email, format: 'csv' })).text();
    expect(csv).toContain('submission,masterclass');
    expect(csv).toContain('Asha Verma');
    expect(csv).toContain(`privacy notice version,${privacyNoticeVersion}`);
    const res = await as(staff, '/api/people/export', { q: asha.email, format: 'json' });
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="personal-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    const data = await res.json();
    expect(data.submissions).toHaveLength(2);
    const sub = data.submissions.find((s: { form: string }) => s.form === 'masterclass');
    const bad = await as(staff, '/api/people/correct', {
      q: other.email,
      form: 'masterclass',
      id: sub.id,
      field: 'name',
      value: 'X',
    });
    expect(bad.status).toBe(404);
    const fixed = await as(staff, '/api/people/correct', {
      q: asha.email,
      form: 'masterclass',
      id: sub.id,
      field: 'name',
      value: 'Asha Varma',
    });
    expect(fixed.status).toBe(200);
    const after = (await search(asha.email)).submissions.find((s: { form: string }) => s.form === 'masterclass');
    expect(after.payload.name).toBe('Asha Varma');
    expect(after.history).toEqual([expect.objectContaining({ staff: 'meera', field: 'name' })]);
    // The corrected field is the sender's name: the column follows it.
    const [row] = await testDb.store.db.query<{ person_name: string }>(
      'SELECT person_name FROM form_submissions WHERE id = $1',
      [sub.id],
    );
    expect(row?.person_name).toBe('Asha Varma');
  });

  it('logs every view, export and correction with who, when and a hash of whose; only the owner reads the log', async () => {
    expect((await as(staff, '/api/privacy/log', {})).status).toBe(403);
    const { entries } = await (await as(owner, '/api/privacy/log', { q: asha.email })).json();
    const hash = subjectHash({ kind: 'email', value: 'asha.verma@example.com' });
    expect(entries.map((e: { action: string }) => e.action).reverse()).toEqual([
      'view',
      'export',
      'export',
      'correct',
      'view',
    ]);
    for (const e of entries) expect(e).toMatchObject({ staff: 'meera', subject: hash });
    const all = await testDb.store.db.query<{ detail: string; subject_hash: string }>(
      'SELECT detail, subject_hash FROM privacy_log',
    );
    expect(JSON.stringify(all)).not.toMatch(/asha|9876543210/i);
  });

  it("a visitor's request: the same answer for known and unknown addresses, a one-time link for 15 minutes, then erasure", async () => {
    const known = await app.request('/api/your-data/link', json('POST', { email: asha.email }));
    const unknown = await app.request('/api/your-data/link', json('POST', { email: 'nobody@example.com' }));
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(await known.json()).toEqual(await unknown.json());
    await until(toVisitor('nobody@example.com'), (m) => m.length >= 1);
    const [mail] = await until(toVisitor('asha.verma@example.com'), (m) => m.length >= 1);
    const token = mail?.text.match(/https:\/\/studio\.test\/your-data#link=([A-Za-z0-9_-]+)/)?.[1] ?? '';
    expect(token).not.toBe('');
    const opened = await app.request('/api/your-data/open', json('POST', { token }));
    expect(opened.status).toBe(200);
    const view = await opened.json();
    expect(view.person.submissions).toHaveLength(2);
    expect(JSON.stringify(view)).not.toContain('meera');
    expect((await app.request('/api/your-data/open', json('POST', { token }))).status).toBe(410);
    const bearer = { Authorization: `Bearer ${view.session}` };
    const asked = await app.request('/api/your-data/requests', json('POST', { kind: 'erasure' }, bearer));
    expect(asked.status).toBe(201);
    clock = new Date(clock.getTime() + 16 * 60_000);
    expect((await app.request('/api/your-data/view', json('POST', {}, bearer))).status).toBe(401);

    const { requests } = await (await app.request('/api/privacy/requests', { headers: { Cookie: staff } })).json();
    expect(requests[0]).toMatchObject({ kind: 'erasure', status: 'open', email: 'asha.verma@example.com' });
    expect(new Date(requests[0].dueAt).getTime() - new Date(requests[0].createdAt).getTime()).toBe(30 * day);
    // Erasure cannot be undone: without the confirmation it is refused.
    const unconfirmed = await as(staff, `/api/privacy/requests/${requests[0].id}`, { action: 'erase' });
    expect(unconfirmed.status).toBe(400);
    const erased = await as(staff, `/api/privacy/requests/${requests[0].id}`, { action: 'erase', confirm: 'erase' });
    expect(erased.status).toBe(200);
    expect((await erased.json()).counts).toEqual({
      submissions: 2,
      claimsDeleted: 1,
      claimsKept: 1,
      documentsKept: 0,
      certificatesWithdrawn: 0,
      messages: 4,
    });
    const told = await until(toVisitor('asha.verma@example.com'), (m) => m.length >= 2);
    expect(told[1]?.text).toContain('we have erased the personal data');

    // Nowhere: the person's search, every table, the workspace CSV, the e-mail records, the request's address.
    expect(await search(asha.email)).toMatchObject({ submissions: [], claims: [], messages: [] });
    const everything = JSON.stringify([
      await rowsOf('form_submissions'),
      await rowsOf('submission_events'),
      await rowsOf('payment_claims'),
      await rowsOf('data_requests'),
      await rowsOf('data_links'),
      await rowsOf('privacy_log'),
    ]);
    expect(everything).not.toMatch(/asha\.verma|Asha Varma/i);
    // Nor in the sender's columns of any submission left.
    const senders = await testDb.store.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM form_submissions WHERE person_email = 'asha.verma@example.com' OR person_name = 'Asha Varma'",
    );
    expect(senders[0]?.n).toBe(0);
    const csv = await (await app.request('/api/forms/masterclass/export.csv', { headers: { Cookie: staff } })).text();
    expect(csv).not.toMatch(/asha/i);
    expect(csv).toContain('Ravi Kumar');
    const kept = (await rowsOf('payment_claims')).find((c) => c.utr === '111122223333');
    expect(kept).toMatchObject({ contact: '', kept_for: 'tax records', amount_paise: 49_900, registration_id: null });
    // The tombstone: a hash of the address, when, by whom, why. The talent show entry sent with
    // another e-mail was not part of this person's request and stays (staff may erase it by phone).
    const tombs = await testDb.store.db.query<Record<string, unknown>>(
      'SELECT subject_hash, erased_by, reason FROM erasures',
    );
    expect(tombs).toEqual([
      {
        subject_hash: subjectHash({ kind: 'email', value: 'asha.verma@example.com' }),
        erased_by: 'meera',
        reason: `visitor's request ${requests[0].id}`,
      },
    ]);
    expect((await rowsOf('form_submissions')).map((r) => r.form)).toContain('talent-show');

    // A new link for the address shows nothing held, and the erasure.
    await app.request('/api/your-data/link', json('POST', { email: asha.email }));
    const again = await until(toVisitor('asha.verma@example.com'), (m) => m.length >= 3);
    const token2 = again[2]?.text.match(/#link=([A-Za-z0-9_-]+)/)?.[1] ?? '';
    const view2 = await (await app.request('/api/your-data/open', json('POST', { token: token2 }))).json();
    expect(view2.person).toMatchObject({ submissions: [], claims: [], messages: [] });
    expect(view2.erasures).toHaveLength(1);
  });

  it('applies erasures again after a restore from an older backup, keeping what came after', async () => {
    const [tomb] = await testDb.store.db.query<{ erased_at: unknown }>('SELECT erased_at FROM erasures LIMIT 1');
    const erasedAt = new Date(String(tomb?.erased_at instanceof Date ? tomb.erased_at.toISOString() : tomb?.erased_at));
    // A restored row carries its sender's columns as they were backed up.
    const restore = (payload: typeof asha, at: Date) =>
      testDb.store.db.write((tx) =>
        tx.query(
          `INSERT INTO form_submissions (form, payload, received_at, person_name, person_email, person_phone)
           VALUES ('masterclass', $1::jsonb, $2, $3, $4, $5)`,
          [JSON.stringify(payload), at.toISOString(), payload.name, payload.email.toLowerCase(), payload.phone],
        ),
      );
    await restore({ ...asha }, new Date(erasedAt.getTime() - day));
    await restore({ ...asha, name: 'Asha later' }, new Date(erasedAt.getTime() + day));
    expect(await reapplyErasures(testDb.store, clock)).toBe(1);
    const left = (await search(asha.email)).submissions;
    expect(left.map((s: { payload: { name: string } }) => s.payload.name)).toEqual(['Asha later']);
    const [logged] = await testDb.store.db.query<{ staff_name: string; detail: string }>(
      "SELECT staff_name, detail FROM privacy_log WHERE staff_name = 'system'",
    );
    expect(logged?.detail).toMatch(/^Erasures applied again: 1 submission/);
  });

  it('purges each form after its retention period, once a day across instances, and logs it', async () => {
    // Noon in India, some days on (the job is due from 03:15 India time).
    const at = (offsetDays: number) =>
      new Date(`${new Date(Date.now() + offsetDays * day).toISOString().slice(0, 10)}T12:00:00+05:30`);
    // A query is kept a year, the masterclass two: 400 days on, the queries go, the masterclass stays.
    const jobs = [retentionJob(testDb.store, {})];
    const one = new DailyScheduler({ db: testDb.store.db, jobs, now: () => at(400), log: () => {} });
    const two = new DailyScheduler({ db: testDb.store.db, jobs, now: () => at(400), log: () => {} });
    await Promise.all([one.tick(), two.tick()]);
    const forms = (await rowsOf('form_submissions')).map((r) => r.form);
    expect(forms).not.toContain('query');
    expect(forms).toContain('masterclass');
    const [run] = await testDb.store.db.query<{ status: string; outcome: string }>(
      "SELECT status, outcome FROM job_runs WHERE job = 'retention-purge'",
    );
    expect(run).toMatchObject({ status: 'succeeded' });
    const purges = await testDb.store.db.query<{ staff_name: string; action: string; detail: string }>(
      "SELECT staff_name, action, detail FROM privacy_log WHERE action = 'purge'",
    );
    expect(purges).toEqual([{ staff_name: 'retention', action: 'purge', detail: run?.outcome }]);
    // A shorter setting purges sooner.
    await new DailyScheduler({
      db: testDb.store.db,
      jobs: [retentionJob(testDb.store, { masterclass: 30 })],
      now: () => at(401),
      log: () => {},
    }).tick();
    expect((await rowsOf('form_submissions')).map((r) => r.form)).not.toContain('masterclass');
  });
});
