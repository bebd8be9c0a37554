/** @jest-environment node */
import type { Hono } from 'hono';
import { inboxForms } from '@/lib/forms/registry';
import { DailyScheduler } from '@/server/platform/jobs';
import { startNotifications } from '@/server/notify';
import type { OutboxWorker } from '@/server/platform/outbox';
import { overdueRequestsJob, startPrivacy } from '@/server/privacy/privacy';
import { workspaceTables } from '@/server/forms/staff-api';
import { serviceApp, signIn, testHash } from './service-app';
import { startSmtp, type TestSmtp } from './smtp';
import { until } from './until';
import { databaseKinds, openedStore } from './test-stores';
import { suitePort } from '../../free-port';

jest.setTimeout(180_000);

const password = 'correct horse battery staple';
const smtpPort = suitePort();
const day = 86_400_000;
const visitor = 'asha@example.com';
const studio = 'studio@studio.test';

const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe.each(databaseKinds)('messages about personal data, through the outbox, on %s', (_label, make) => {
  const testDb = openedStore(make);
  let app: Hono;
  let worker: OutboxWorker | undefined;
  let smtp: TestSmtp | undefined;
  // How far ahead of the wall clock the outbox looks for due rows (moved on to skip a retry's wait).
  let ahead = 0;
  const clock = new Date();
  const mailsTo = (to: string) => smtp?.mails.filter((m) => m.to === to) ?? [];
  const linkRows = () =>
    testDb.store.db.query<{ attempts: number; sent_at: unknown; to_address: string | null; last_error: string }>(
      "SELECT attempts, sent_at, to_address, last_error FROM outbox WHERE source = 'privacy-link' ORDER BY id",
    );
  const links = async () =>
    Number((await testDb.store.db.query<{ n: number }>('SELECT count(*) AS n FROM data_links'))[0]?.n);
  const askLink = async () => {
    const res = await app.request('/api/your-data/link', post({ email: 'Asha@Example.com' }));
    expect(res.status).toBe(202);
  };

  beforeAll(async () => {
    await testDb.store.addStaff('meera', await testHash(password));
    await startPrivacy(testDb.store);
    const privacy = {
      siteUrl: 'https://studio.test',
      studioName: 'One11 Studios',
      grievance: { name: 'Asha Rao', email: 'privacy@studio.test' },
    };
    // The SMTP server is down: nothing listens on its port yet.
    worker = await startNotifications(
      testDb.store,
      {
        smtpUrl: `smtp://127.0.0.1:${smtpPort()}`,
        to: studio,
        dashboardUrl: 'https://studio.test/dashboard',
        tables: workspaceTables(inboxForms),
        privacy,
      },
      () => new Date(Date.now() + ahead),
    );
    app = serviceApp(testDb.store, {
      rateLimitPerMinute: 10_000,
      now: () => clock,
      privacy: { ...privacy, emailOn: true },
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await smtp?.close();
  });

  it('sends the "Your data" link once the SMTP server is back, without using up the visitor\'s attempts', async () => {
    await askLink();
    const failed = await until(linkRows, (rows) => rows[0]?.last_error !== '' && rows[0]?.last_error !== undefined);
    expect(failed).toEqual([expect.objectContaining({ attempts: 1, sent_at: null, to_address: visitor })]);
    expect(failed[0]?.last_error).toMatch(/ECONNREFUSED|connect/i);
    // The link made for the failed send is forgotten: it does not count toward the limit.
    expect(await links()).toBe(0);
    // Asking again while it waits adds nothing: the waiting message will carry a fresh link.
    await askLink();
    await askLink();
    expect(await linkRows()).toHaveLength(1);

    smtp = await startSmtp(smtpPort());
    ahead = 3_600_000;
    const [mail] = await until(
      () => mailsTo(visitor),
      (m) => m.length >= 1,
    );
    const token = mail?.text.match(/https:\/\/studio\.test\/your-data#link=([A-Za-z0-9_-]+)/)?.[1] ?? '';
    const opened = await app.request('/api/your-data/open', post({ token }));
    expect(opened.status).toBe(200);
    // Sent, the message forgets its address.
    expect(await linkRows()).toEqual([expect.objectContaining({ attempts: 2, to_address: null })]);

    // Three links an hour: the failed send used none, so two more arrive and a fourth is not sent.
    await askLink();
    await until(
      () => mailsTo(visitor),
      (m) => m.length >= 2,
    );
    await askLink();
    await until(
      () => mailsTo(visitor),
      (m) => m.length >= 3,
    );
    await askLink();
    expect(await linkRows()).toHaveLength(3);
    expect(await links()).toBe(3);

    // The visitor asks for erasure: the studio is told by e-mail, and the sidebar counts it.
    const { session } = await opened.json();
    const asked = await app.request(
      '/api/your-data/requests',
      post({ kind: 'erasure' }, { Authorization: `Bearer ${session}` }),
    );
    expect(asked.status).toBe(201);
    const { request } = await asked.json();
    const [told] = await until(
      () => mailsTo(studio).filter((m) => m.text.includes(`Data request #${request.id}`)),
      (m) => m.length >= 1,
    );
    expect(told?.text).toContain('A visitor asked on the "Your data" page for erasure of their personal data.');
    expect(told?.text).toContain('https://studio.test/dashboard/privacy-requests');
    expect(told?.text).not.toContain(visitor);
    const cookie = await signIn(app, 'meera', password);
    const counts = await (await app.request('/api/workspace/counts', { headers: { Cookie: cookie } })).json();
    expect(counts.requests).toEqual({ open: 1, overdue: 0, earliestDue: request.dueAt });
  });

  it('tells the studio once when a request is past its due date', async () => {
    // Noon in India, some days on (the job is due from 09:30 India time).
    const at = (offsetDays: number) =>
      new Date(`${new Date(clock.getTime() + offsetDays * day).toISOString().slice(0, 10)}T12:00:00+05:30`);
    const overdue = () => mailsTo(studio).filter((m) => m.text.includes('is still open'));
    const tick = (offsetDays: number) =>
      new DailyScheduler({
        db: testDb.store.db,
        jobs: [overdueRequestsJob(testDb.store)],
        now: () => at(offsetDays),
        log: () => {},
      }).tick();
    await tick(29);
    await tick(31);
    await until(overdue, (m) => m.length >= 1);
    await tick(32);
    await tick(33);
    // The later days queued nothing more, and what was queued has gone out: one mail.
    const rows = await testDb.store.db.query("SELECT 1 FROM outbox WHERE source = 'privacy-overdue'");
    expect(rows).toHaveLength(1);
    const unsent = () => testDb.store.db.query('SELECT 1 FROM outbox WHERE sent_at IS NULL');
    expect(await until(unsent, (left) => left.length === 0)).toHaveLength(0);
    expect(overdue()).toHaveLength(1);
  });
});
