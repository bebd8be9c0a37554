/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Hono } from 'hono';
import { inboxForms } from '@/lib/forms/registry';
import { adminSocketPath, listenAdminSocket, socketAdmin } from '@/server/platform/admin';
import { SignInBrake } from '@/server/platform/sign-in-brake';
import { startNotifications } from '@/server/notify';
import { OutboxWorker } from '@/server/platform/outbox';
import { workspaceTables } from '@/server/forms/staff-api';
import { staffSignedIn, testHash } from './service-app';
import { startSmtp } from './smtp';
import { databaseKind, databaseKinds, openedStore, addSubmission } from './test-stores';
import { describeNeeding, noPostgres } from '../needs';
import { suitePort } from '../../free-port';

jest.setTimeout(180_000);

const password = 'correct horse battery staple';
const smtpPort = suitePort();

function json(method: string, body: unknown, cookie = ''): RequestInit {
  return {
    method,
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  };
}

/** 1 → a, 26 → z, 27 → aa: names may not hold digits. */
const alpha = (i: number): string =>
  (i > 26 ? alpha(Math.floor((i - 1) / 26)) : '') + String.fromCharCode(97 + ((i - 1) % 26));

const masterclass = (i: number) => ({
  name: `Learner ${alpha(i)}`,
  email: `learner${i}@example.com`,
  phone: `98765${String(i).padStart(5, '0')}`,
  city: i % 2 ? 'Pune' : 'Mumbai',
  level: 'Beginner',
  schedule: 'Fri 2pm',
});

async function until<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(databaseKinds)('the staff workspace on %s', (_label, make) => {
  const testDb = openedStore(make);
  let app: Hono;
  let cookie: string;

  beforeAll(async () => {
    ({ app, cookie } = await staffSignedIn(testDb.store, 'meera', password, { rateLimitPerMinute: 10_000 }));
    for (let i = 1; i <= 30; i++) {
      expect((await app.request('/api/forms/masterclass', json('POST', masterclass(i)))).status).toBe(201);
    }
  });

  const get = (url: string) => app.request(url, { headers: { Cookie: cookie } });

  it('refuses every workspace call without a session', async () => {
    for (const url of ['/api/workspace/counts', '/api/forms/masterclass/rows', '/api/forms/masterclass/1']) {
      expect((await app.request(url)).status).toBe(401);
    }
    expect((await app.request('/api/forms/masterclass/1', json('PATCH', { status: 'done' }))).status).toBe(401);
    expect((await app.request('/api/payments/claims')).status).toBe(401);
  });

  it('pages on the server, newest first, with search, status filter and sort', async () => {
    const first = await (await get('/api/forms/masterclass/rows')).json();
    expect(first.total).toBe(30);
    expect(first.rows).toHaveLength(25);
    expect(first.rows[0].payload.name).toBe(`Learner ${alpha(30)}`);
    const second = await (await get('/api/forms/masterclass/rows?page=2')).json();
    expect(second.rows.map((r: { payload: { name: string } }) => r.payload.name)).toEqual(
      [5, 4, 3, 2, 1].map((i) => `Learner ${alpha(i)}`),
    );
    const search = await (await get('/api/forms/masterclass/rows?q=learner7%40')).json();
    expect(search.total).toBe(1);
    expect(search.rows[0].payload.email).toBe('learner7@example.com');
    const sorted = await (await get('/api/forms/masterclass/rows?sort=city&dir=asc')).json();
    expect(sorted.rows[0].payload.city).toBe('Mumbai');
    const wild = await (await get('/api/forms/masterclass/rows?q=%25')).json();
    expect(wild.total).toBe(0);
    expect((await get('/api/forms/nope/rows')).status).toBe(404);
  });

  it('sets status and note, records who and when, and counts what is new', async () => {
    const before = (await (await get('/api/workspace/counts')).json()).counts.masterclass;
    const res = await app.request('/api/forms/masterclass/3', json('PATCH', { status: 'in-progress' }, cookie));
    expect(res.status).toBe(200);
    const noted = await app.request(
      '/api/forms/masterclass/3',
      json('PATCH', { note: 'Called, will pay Friday' }, cookie),
    );
    const body = await noted.json();
    expect(body.row).toMatchObject({ status: 'in-progress', note: 'Called, will pay Friday' });
    expect(body.history).toEqual([
      expect.objectContaining({ staff: 'meera', status: 'in-progress', note: null }),
      expect.objectContaining({ staff: 'meera', status: null, note: 'Called, will pay Friday' }),
    ]);
    expect((await (await get('/api/workspace/counts')).json()).counts.masterclass).toBe(before - 1);
    const filtered = await (await get('/api/forms/masterclass/rows?status=in-progress')).json();
    expect(filtered.rows.map((r: { id: number }) => r.id)).toEqual([3]);
    const bad = await app.request('/api/forms/masterclass/3', json('PATCH', { status: 'paid' }, cookie));
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/status must be/);
    const malformed = await app.request('/api/forms/masterclass/3', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: '{"status":',
    });
    expect(malformed.status).toBe(400);
    expect((await app.request('/api/forms/masterclass/99999', json('PATCH', { status: 'done' }, cookie))).status).toBe(
      404,
    );
  });

  it('exports the whole filtered set as CSV with human headers', async () => {
    const res = await get('/api/forms/masterclass/export.csv?q=Pune');
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const bytes = new Uint8Array(await res.clone().arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 byte-order mark, for spreadsheets
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe('ID,Name,Email,Phone,City,Your level,Schedule,Status,Paid,Note,Received (IST)');
    expect(lines[1]).toMatch(/,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(lines).toHaveLength(16);
  });

  it('takes payment claims, refuses bad and repeated UTRs, and marks a verified registration paid', async () => {
    const claim = {
      utr: '123456789012',
      contact: 'learner4@example.com',
      reference: 'MCABC12345XY',
      amountPaise: 11682,
    };
    const short = await app.request('/api/payments/claims', json('POST', { ...claim, utr: '12345' }));
    expect(short.status).toBe(400);
    expect((await short.json()).errors.utr).toMatch(/12-digit/);
    const ok = await app.request('/api/payments/claims', json('POST', claim));
    expect(ok.status).toBe(201);
    expect((await ok.json()).message).toMatch(/will verify/);
    const again = await app.request('/api/payments/claims', json('POST', { ...claim, contact: '9876500009' }));
    expect(again.status).toBe(409);
    expect((await again.json()).message).toMatch(/already been submitted/);

    const byPhone = { ...claim, utr: '210987654321', contact: '+91 98765 00009' };
    expect((await app.request('/api/payments/claims', json('POST', byPhone))).status).toBe(201);

    const { claims } = await (await get('/api/payments/claims')).json();
    expect(claims[0]).toMatchObject({ utr: '210987654321', registration: { form: 'masterclass', id: 9 } });
    expect(claims[1]).toMatchObject({ utr: '123456789012', status: 'pending', registration: { id: 4 } });
    const verified = await app.request(
      `/api/payments/claims/${claims[1].id}`,
      json('PATCH', { status: 'verified' }, cookie),
    );
    expect((await verified.json()).claim).toMatchObject({ status: 'verified', reviewedBy: 'meera' });
    const row = await (await get('/api/forms/masterclass/4')).json();
    expect(row.row.paid).toBe(true);
    expect((await (await get('/api/forms/masterclass/9')).json()).row.paid).toBe(false);
  });

  it('lets staff change their own password, which ends their sessions', async () => {
    const wrong = await app.request(
      '/api/auth/password',
      json('POST', { current: 'nope', next: 'x'.repeat(12) }, cookie),
    );
    expect(wrong.status).toBe(400);
    const short = await app.request('/api/auth/password', json('POST', { current: password, next: 'short' }, cookie));
    expect((await short.json()).message).toMatch(/at least 12/);
    const next = 'a new and long password';
    const ok = await app.request('/api/auth/password', json('POST', { current: password, next }, cookie));
    expect(ok.status).toBe(200);
    expect((await get('/api/workspace/counts')).status).toBe(401);
    const again = await app.request('/api/auth/login', json('POST', { name: 'meera', password: next }));
    expect(again.status).toBe(200);
    cookie = (again.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  });

  it('e-mails each stored submission and claim once through a real SMTP server, and retries after an outage', async () => {
    const opts = {
      smtpUrl: `smtp://127.0.0.1:${smtpPort()}`,
      to: 'studio@example.com',
      dashboardUrl: 'http://localhost:3000/dashboard-studio',
      tables: workspaceTables(inboxForms),
    };
    // Notifications on, but the SMTP server is down: the submission is stored all the same.
    const worker = await startNotifications(testDb.store, opts);
    await worker?.stop();
    expect((await app.request('/api/forms/masterclass', json('POST', masterclass(31)))).status).toBe(201);
    const down = new OutboxWorker({
      db: testDb.store.db,
      send: async () => Promise.reject(new Error('connection refused')),
    });
    expect(await down.runOnce()).toBe(0);
    const [failed] = await testDb.store.db.query<{ attempts: number; last_error: string }>(
      'SELECT attempts, last_error FROM outbox ORDER BY id DESC LIMIT 1',
    );
    expect(failed).toMatchObject({ attempts: 1, last_error: 'connection refused' });
    await testDb.store.db.write((tx) => tx.query('UPDATE outbox SET next_at = now()'));

    const { mails, close } = await startSmtp(smtpPort());
    try {
      const running = await startNotifications(testDb.store, opts);
      const claim = {
        utr: '555566667777',
        contact: 'learner31@example.com',
        reference: 'MCXYZ98765QQ',
        amountPaise: 11682,
      };
      expect((await app.request('/api/payments/claims', json('POST', claim))).status).toBe(201);
      await until(
        () => mails.length,
        (n) => n >= 2,
      );
      await running?.stop();
      expect(mails).toHaveLength(2);
      const submission = mails.find((m) => m.text.includes('Subject: New'))?.text;
      expect(submission).toMatch(/learner31@example\.com/);
      expect(submission).toMatch(/City: Pune|City: Mumbai/);
      expect(submission).toMatch(/dashboard-studio\/forms\/masterclass\?id=31/);
      expect(mails.find((m) => m.text.includes('UTR: 555566667777'))?.text).toMatch(
        /Registration: Learner ae \(masterclass #31\)/,
      );
      const pending = await testDb.store.db.query('SELECT id FROM outbox WHERE sent_at IS NULL');
      expect(pending).toHaveLength(0);
    } finally {
      await close();
    }
    // Off again: nothing is queued.
    await startNotifications(testDb.store, undefined);
    await app.request('/api/forms/masterclass', json('POST', masterclass(32)));
    expect(await testDb.store.db.query('SELECT id FROM outbox WHERE sent_at IS NULL')).toHaveLength(0);
  });
});

const postgres = databaseKinds.find(([label]) => label === 'PostgreSQL');
describeNeeding(!postgres && noPostgres)('several instances on PostgreSQL', () => {
  it('send each outbox row once', async () => {
    const db = await databaseKind('PostgreSQL')();
    const one = await db.open();
    const two = await db.reopen();
    try {
      await OutboxWorker.setEnabled(one.db, true);
      for (let i = 1; i <= 20; i++) await addSubmission(one, 'masterclass', masterclass(i));
      const sent: number[] = [];
      const send = async (item: { id: number }) => {
        await new Promise((r) => setTimeout(r, 10));
        sent.push(item.id);
      };
      const workers = [one, two, one, two].map((s) => new OutboxWorker({ db: s.db, send, batch: 3 }));
      for (let round = 0; round < 20 && sent.length < 20; round++) await Promise.all(workers.map((w) => w.runOnce()));
      expect(sent).toHaveLength(20);
      expect(new Set(sent).size).toBe(20);
    } finally {
      await two.close();
      await one.close();
      await db.dispose();
    }
  });
});

describe('npm run staff while the server holds the embedded database', () => {
  it('adds, lists and removes staff through the admin socket', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'staff-sock-'));
    const db = await databaseKind('PGlite')();
    const store = await db.open();
    const socket = adminSocketPath(path.join(dir, 'db'));
    let server: Server | undefined;
    try {
      server = await listenAdminSocket(store, socket);
      const admin = socketAdmin(socket);
      await admin.addStaff('ravi', await testHash(password));
      expect((await admin.findStaff('ravi'))?.name).toBe('ravi');
      expect((await admin.listStaff()).map((s) => s.name)).toEqual(['ravi']);
      expect(await admin.removeStaff('ravi')).toBe(true);
      expect(await admin.findStaff('ravi')).toBeUndefined();
    } finally {
      server?.close();
      await store.close();
      await db.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lists a locked account, read back field by field, and unlocks it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'staff-sock-'));
    const db = await databaseKind('PGlite')();
    const store = await db.open();
    const socket = adminSocketPath(path.join(dir, 'db'));
    const brake = new SignInBrake({ accountPacing: { free: 2, baseMs: 60_000, maxMs: 60_000, quietMs: 900_000 } });
    let server: Server | undefined;
    try {
      await store.addStaff('meera', await testHash(password));
      // Four wrong passwords from four unrecognised addresses, as the sign-in route counts them.
      for (let i = 0; i < 4; i++) {
        const attempt = { name: 'meera', known: true, address: `10.9.${i}.1` };
        await brake.reserve(attempt);
        await brake.failed(attempt);
      }
      server = await listenAdminSocket(store, socket, brake);
      const admin = socketAdmin(socket);
      const [lock] = await admin.signInLocks();
      expect(lock).toEqual({
        name: 'meera',
        checks: expect.any(Number),
        waitSeconds: expect.any(Number),
        lockedAddresses: expect.any(Array),
      });
      expect(lock?.checks).toBeGreaterThan(0);
      await admin.unlockSignIn('meera');
      expect(await admin.signInLocks()).toEqual([]);
    } finally {
      server?.close();
      await store.close();
      await db.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
