/** @jest-environment node */
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Hono } from 'hono';
import { inboxForms } from '@/lib/forms/registry';
import { registrantRefusals } from '@/lib/sessions/registrant';
import { sessionBody, sessionInputOf } from '@/lib/sessions/session';
import { checkBody } from '@/server/platform/validate';
import { createApp } from '@/server/app';
import { readBackup, writeBackup } from '@/server/platform/backup';
import { type SessionService, sessionService } from '@/server/sessions/sessions';
import type { Db } from '@/server/store/db';
import { restoreDatabase } from '@/server/store/dump';
import { openPglite } from '@/server/store/pglite';
import { openPostgres } from '@/server/store/postgres';
import { cancelSession, createSession } from '@/server/sessions/sessions-store';
import { seatOfRegistration } from '@/server/sessions/seats-store';
import { Store } from '@/server/store/store';
import { throwawaySchema } from './postgres';
import { databaseKinds, type TestDatabase } from './test-stores';
import { emptyPgliteDir, scratchFolder } from '../../pglite-template';

jest.setTimeout(240_000);

/** A registrant's request: the link's token in the Authorization header, never in the address. */
const bearer = (token: string, method = 'GET', body?: unknown): RequestInit => ({
  method,
  headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});
const post = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

/** A running service over one store: its app, its links, and the clock it judges by. */
interface Running {
  store: Store;
  app: Hono;
  sessions: SessionService;
}

async function run(store: Store, now: () => Date): Promise<Running> {
  const sessions = await sessionService({ store, siteUrl: 'https://studio.example', now });
  const app = createApp({
    service: { store, inboxForms, sessionTtlHours: 12, rateLimitPerMinute: 100_000, trustProxy: false, sessions },
  });
  return { store, app, sessions };
}

/** A session or intake as staff make it (India time). */
async function session(r: Running, input: Record<string, unknown>) {
  const parsed = checkBody(sessionBody, { durationMinutes: 120, capacity: 10, ...input });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  const made = await createSession(r.store.db, sessionInputOf(parsed.value));
  return made;
}

/** Signs up for a masterclass session; resolves with the registration's number. */
async function signUp(r: Running, name: string, schedule: string): Promise<number> {
  const email = `${name.toLowerCase()}@example.com`;
  const res = await r.app.request(
    '/api/forms/masterclass',
    post({ name, email, phone: '9876543210', city: 'Pune', level: 'Beginner', schedule }),
  );
  expect(res.status).toBe(201);
  const [row] = await r.store.db.query<{ id: number }>(
    "SELECT max(id) AS id FROM form_submissions WHERE payload ->> 'email' = $1",
    [email],
  );
  return Number(row?.id);
}

/** A registration's page link as its e-mails carry it. */
async function pageLink(r: Running, registrationId: number): Promise<string> {
  const seat = await seatOfRegistration(r.store.db, registrationId);
  if (!seat) throw new Error(`registration ${registrationId} holds no seat`);
  return r.sessions.links.pageUrl(seat);
}
const tokenOf = (link: string) => link.slice(link.indexOf('#') + 1);

/** An empty database of the same kind, for a restore. */
async function emptyDatabase(label: string): Promise<{ db: Db; dispose: () => Promise<void> }> {
  if (label === 'PGlite') {
    const parent = scratchFolder('studio-restore-');
    const db = await openPglite(await emptyPgliteDir(path.join(parent, 'db')));
    return { db, dispose: async () => rmSync(parent, { recursive: true, force: true }) };
  }
  const schema = await throwawaySchema(process.env.TEST_DATABASE_URL ?? '', 'restore');
  return { db: await openPostgres(schema.url), dispose: schema.drop };
}

describe.each(databaseKinds)("registrants' links on %s", (label, make) => {
  let database: TestDatabase;
  let running: Running;
  let clock = new Date('2030-01-01T00:00:00Z');
  const folder = mkdtempSync(path.join(os.tmpdir(), 'studio-links-'));

  beforeAll(async () => {
    database = await make();
    running = await run(await database.open(), () => clock);
  });
  afterAll(async () => {
    await running.store.close();
    await database.dispose();
    rmSync(folder, { recursive: true, force: true });
  });

  it('gives no one a number or link issued before a restore, and the old link answers "not valid"', async () => {
    const { label: schedule } = await session(running, { kind: 'masterclass', startsAt: '2034-03-03 14:00' });
    const early = await signUp(running, 'Asha', schedule);
    const earlyLink = await pageLink(running, early);
    const backup = await writeBackup(running.store.db, path.join(folder, 'before-meera.ndjson.gz'));
    const meera = await signUp(running, 'Meera', schedule);
    const meeraLink = await pageLink(running, meera);

    const target = await emptyDatabase(label);
    const restored = new Store(target.db);
    try {
      await restoreDatabase(target.db, readBackup(backup.file));
      const after = await run(restored, () => clock);
      const sanjay = await signUp(after, 'Sanjay', schedule);
      const sanjayLink = await pageLink(after, sanjay);
      console.log(
        `${label}: before the restore Meera got #${meera} ${meeraLink}; after it Sanjay got #${sanjay} ${sanjayLink}`,
      );
      expect(sanjay).toBeGreaterThan(meera);
      expect(sanjayLink).not.toBe(meeraLink);
      // Meera's link does not open Sanjay's registration, nor cancel it.
      const old = await after.app.request('/api/registrant', bearer(tokenOf(meeraLink)));
      expect(old.status).toBe(404);
      expect((await old.json()).message).toBe(registrantRefusals.badLink);
      expect((await after.app.request('/api/registrant/cancel', bearer(tokenOf(meeraLink), 'POST'))).status).toBe(404);
      // A link of a registration the backup holds still opens it; Sanjay's opens his.
      const asha = await after.app.request('/api/registrant', bearer(tokenOf(earlyLink)));
      expect((await asha.json()).registration.reference).toBe(`#${early}`);
      const his = await (await after.app.request('/api/registrant', bearer(tokenOf(sanjayLink)))).json();
      expect(his.registration).toMatchObject({ reference: `#${sanjay}`, status: 'registered' });
      // Claim ids follow the same rule: above every id the old database could have given.
      const [claim] = await restored.db.write((tx) =>
        tx.query<{ id: number }>(
          `INSERT INTO payment_claims (utr, contact, reference, amount_paise, page, kind) VALUES ('777777777777', 'x', 'y', 1, 'p', 'course')
         RETURNING id`,
        ),
      );
      expect(Number(claim?.id)).toBeGreaterThan(meera);
      // Starting again keeps the numbers where they are: only a database holding another's rows moves.
      const next = await run(restored, () => clock);
      expect(await signUp(next, 'Tara', schedule)).toBe(sanjay + 1);
      // Even were Meera's number given again (a copy whose ids were not moved), her link opens nothing.
      await restored.db.write((tx) =>
        tx.query(`SELECT setval(pg_get_serial_sequence('form_submissions', 'id'), $1)`, [meera - 1]),
      );
      const again = await signUp(next, 'Nila', schedule);
      expect(again).toBe(meera);
      expect(await pageLink(next, again)).not.toBe(meeraLink);
      expect((await next.app.request('/api/registrant', bearer(tokenOf(meeraLink)))).status).toBe(404);
    } finally {
      await restored.close();
      await target.dispose();
    }
  });

  it('still opens the links e-mailed before seats had their own keys, for those seats only', async () => {
    const { label: schedule } = await session(running, { kind: 'masterclass', startsAt: '2034-04-04 14:00' });
    const [secret] = await running.store.db.query<{ value: string }>(
      "SELECT value FROM app_secrets WHERE name = 'registrant-links'",
    );
    const unkeyed = (id: number) =>
      `${id}.${createHmac('sha256', String(secret?.value)).update(`page:${id}`).digest('base64url').slice(0, 27)}`;
    const old = await signUp(running, 'Uma', schedule);
    const fresh = await signUp(running, 'Veer', schedule);
    await running.store.db.write((tx) =>
      tx.query('UPDATE session_seats SET legacy_links = true WHERE registration_id = $1', [old]),
    );
    expect((await running.app.request('/api/registrant', bearer(unkeyed(old)))).status).toBe(200);
    expect((await running.app.request('/api/registrant', bearer(unkeyed(fresh)))).status).toBe(404);
  });

  it("refuses what the registrant's page does not offer, each with its reason", async () => {
    clock = new Date('2030-01-01T00:00:00Z');
    const r = running;
    const first = await session(r, { kind: 'masterclass', startsAt: '2035-01-05 14:00' });
    const second = await session(r, { kind: 'masterclass', startsAt: '2035-01-12 14:00' });
    const full = await session(r, { kind: 'masterclass', startsAt: '2035-01-19 14:00', capacity: 1 });
    const intake = await session(r, {
      kind: 'course',
      title: 'Diploma in Music Production',
      startsAt: '2035-02-01 10:00',
      durationMinutes: 180,
      mode: 'offline',
      location: 'One11 Studios, Andheri West, Mumbai',
    });
    const otherIntake = await session(r, {
      kind: 'course',
      title: 'Diploma in Music Production',
      startsAt: '2035-03-01 10:00',
      durationMinutes: 180,
      mode: 'offline',
      location: 'One11 Studios, Andheri West, Mumbai',
    });
    await signUp(r, 'Filler', full.label);
    const ravi = tokenOf(await pageLink(r, await signUp(r, 'Ravi', first.label)));
    const expectRefused = async (token: string, action: 'move' | 'cancel', body: unknown, message: string | RegExp) => {
      const res = await r.app.request(`/api/registrant/${action}`, bearer(token, 'POST', body));
      const answer = await res.json();
      expect(answer.message).toMatch(message);
      expect([400, 409]).toContain(res.status);
    };

    // No token, or the token in the address instead of the header: not valid.
    const none = await r.app.request('/api/registrant');
    expect([none.status, (await none.json()).message]).toEqual([404, registrantRefusals.badLink]);
    expect((await r.app.request(`/api/registrant/${ravi}`)).status).toBe(404);
    expect((await r.app.request(`/api/registrant/${ravi}/cancel`, { method: 'POST' })).status).toBe(404);

    // A move goes only to an upcoming masterclass session with seats, not the one it is in.
    await expectRefused(ravi, 'move', { sessionId: intake.id }, registrantRefusals.target);
    await expectRefused(ravi, 'move', { sessionId: 999_999 }, registrantRefusals.target);
    await expectRefused(ravi, 'move', { sessionId: first.id }, registrantRefusals.same);
    await expectRefused(ravi, 'move', {}, registrantRefusals.chooseSession);
    // Past the database's integer: refused as no session, never an error of the database.
    await expectRefused(ravi, 'move', { sessionId: 2 ** 40 }, registrantRefusals.chooseSession);
    await expectRefused(
      ravi,
      'move',
      { sessionId: full.id },
      /^That session is full\. The next session with seats is /,
    );

    // A course intake place: neither moved nor cancelled here, and the page is told so.
    const diploma = await r.app.request(
      '/api/forms/diploma',
      post({
        Name: 'Learner Ira',
        Email: 'ira@example.com',
        Phone: '9876543211',
        Courses: 'Diploma in Music Production',
        Mode: 'Offline',
        Goals: '',
        Experience: 'Beginner',
        Timestamp: '2030-01-01T10:00:00+05:30',
        Intake: String(intake.id),
      }),
    );
    expect(diploma.status).toBe(201);
    const [ira] = await r.store.db.query<{ id: number }>(
      "SELECT id FROM form_submissions WHERE payload ->> 'Email' = 'ira@example.com'",
    );
    const place = tokenOf(await pageLink(r, Number(ira?.id)));
    const placeView = await (await r.app.request('/api/registrant', bearer(place))).json();
    expect(placeView).toMatchObject({ fixed: registrantRefusals.course, moveTo: [] });
    await expectRefused(place, 'move', { sessionId: otherIntake.id }, registrantRefusals.course);
    await expectRefused(place, 'move', { sessionId: second.id }, registrantRefusals.course);
    await expectRefused(place, 'cancel', undefined, registrantRefusals.course);

    // A seat whose session has started (or ended) stays where it is.
    const started = tokenOf(await pageLink(r, await signUp(r, 'Kavya', first.label)));
    clock = new Date(Date.parse(first.startsAt) + 60_000);
    expect((await (await r.app.request('/api/registrant', bearer(started))).json()).fixed).toBe(
      registrantRefusals.started,
    );
    await expectRefused(started, 'move', { sessionId: second.id }, registrantRefusals.started);
    await expectRefused(started, 'cancel', undefined, registrantRefusals.started);
    clock = new Date(Date.parse(first.startsAt) + 3 * 3_600_000);
    await expectRefused(started, 'move', { sessionId: second.id }, registrantRefusals.started);
    clock = new Date('2030-01-01T00:00:00Z');

    // A session the studio cancelled: its seat may move, not be cancelled here.
    const moved = tokenOf(await pageLink(r, await signUp(r, 'Dev', second.label)));
    await cancelSession(r.store.db, second.id);
    await expectRefused(moved, 'cancel', undefined, registrantRefusals.studioCancelled);
    expect((await r.app.request('/api/registrant/move', bearer(moved, 'POST', { sessionId: first.id }))).status).toBe(
      200,
    );

    // Once cancelled, nothing more.
    expect((await r.app.request('/api/registrant/cancel', bearer(ravi, 'POST'))).status).toBe(200);
    await expectRefused(ravi, 'cancel', undefined, registrantRefusals.cancelled);
    await expectRefused(ravi, 'move', { sessionId: first.id }, registrantRefusals.cancelled);
  });
});
