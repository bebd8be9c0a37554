/** @jest-environment node */
import { readFileSync } from 'node:fs';
import type { Hono } from 'hono';
import { inboxForms } from '@/lib/forms/registry';
import { booksConfig, priceOfSupply } from '@/lib/books/config';
import { BUILD_SESSIONS_VAR, getEnv } from '@/lib/env';
import { getStudio } from '@/lib/studio';
import { issueInvoices } from '@/server/books/books-store';
import type { PublicSession } from '@/lib/sessions/session';
import { createApp } from '@/server/app';
import { givenSessions } from '@/server/site/build';
import { RebuildCoordinator } from '@/server/site/rebuild';
import { publicSessions } from '@/server/sessions/public-sessions';
import { type SessionService, sessionService } from '@/server/sessions/sessions';
import { seatOfRegistration } from '@/server/sessions/seats-store';
import type { Store } from '@/server/store/store';
import { diploma } from './course-registration';
import { certificationBody, json, testHash, testPasswordCost } from './service-app';
import { databaseKinds, type TestDatabase } from './test-stores';

jest.setTimeout(180_000);

const password = 'correct horse battery staple';
/** A registrant's request: the link's token in the Authorization header. */
const bearer = (token: string, method = 'GET', body?: unknown): RequestInit => ({
  method,
  headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});
const alpha = (i: number): string =>
  (i > 26 ? alpha(Math.floor((i - 1) / 26)) : '') + String.fromCharCode(97 + ((i - 1) % 26));
const signUp = (i: number, schedule: string) => ({
  name: `Learner ${alpha(i)}`,
  email: `learner${i}@example.com`,
  phone: `98765${String(i).padStart(5, '0')}`,
  city: 'Pune',
  level: 'Beginner',
  schedule,
});

describe.each(databaseKinds)('masterclass sessions and course intakes on %s', (_label, make) => {
  let db: TestDatabase;
  let store: Store;
  let app: Hono;
  let cookie: string;
  let sessions: SessionService;
  /** The service's clock: the join window is judged by it. */
  let clock = new Date('2030-01-01T00:00:00Z');
  /** The service's options these tests run it with. */
  const serviceOf = () => ({
    store,
    inboxForms,
    sessionTtlHours: 12,
    rateLimitPerMinute: 100_000,
    trustProxy: false,
    sessions,
    passwordCost: testPasswordCost,
  });

  beforeAll(async () => {
    db = await make();
    store = await db.open();
    await store.addStaff('meera', await testHash(password));
    sessions = await sessionService({ store, siteUrl: 'https://studio.example', now: () => clock });
    app = createApp({ service: serviceOf() });
    const res = await app.request('/api/auth/login', json('POST', { name: 'meera', password }));
    cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  });
  afterAll(async () => {
    await store.close();
    await db.dispose();
  });

  /** The token of a registration's link, as its e-mails carry it. */
  const tokenOf = async (purpose: 'page' | 'join', registrationId: number) => {
    const seat = await seatOfRegistration(store.db, registrationId);
    if (!seat) throw new Error(`registration ${registrationId} holds no seat`);
    return sessions.links.token(purpose, seat);
  };

  const create = async (
    startsAt: string,
    capacity: number,
    meetingUrl = 'https://meet.example/abc-defg-hij',
    on: Hono = app,
  ) => {
    const res = await on.request(
      '/api/sessions/manage',
      json('POST', { kind: 'masterclass', startsAt, durationMinutes: 120, capacity, meetingUrl }, cookie),
    );
    expect(res.status).toBe(201);
    const body = await res.json();
    // Staff are told when the pages' own copy (without JavaScript) follows.
    expect(body.message).toMatch(on === app ? /once the site is started again/ : /being rebuilt with this change/);
    return body.session as { id: number; label: string };
  };

  it('lets only staff manage sessions and checks what they send', async () => {
    expect((await app.request('/api/sessions/manage')).status).toBe(401);
    const bad = await app.request(
      '/api/sessions/manage',
      json(
        'POST',
        { kind: 'masterclass', startsAt: '2030-02-30 14:00', durationMinutes: 5, capacity: 0, meetingUrl: 'http://x' },
        cookie,
      ),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).errors).sort()).toEqual([
      'capacity',
      'durationMinutes',
      'meetingUrl',
      'startsAt',
    ]);
  });

  it('never seats more than the capacity when fifty sign up at once for the last seats', async () => {
    const full = await create('2031-03-07 14:00', 12);
    const next = await create('2031-03-14 14:00', 40);
    for (let i = 1; i <= 7; i++) {
      expect((await app.request('/api/forms/masterclass', json('POST', signUp(i, full.label)))).status).toBe(201);
    }
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        app.request('/api/forms/masterclass', json('POST', signUp(100 + i, full.label))),
      ),
    );
    const codes = answers.map((r) => r.status);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(45);
    const refused = await answers.find((r) => r.status === 409)?.json();
    expect(refused.message).toContain(`The next session with seats is ${next.label} (40 left)`);
    const [count] = await store.db.query<{ n: number }>(
      'SELECT count(*) AS n FROM session_seats WHERE session_id = $1',
      [full.id],
    );
    expect(Number(count?.n)).toBe(12);
    // Refused sign-ups are not stored: 7 + 5 registrations.
    const [stored] = await store.db.query<{ n: number }>(
      "SELECT count(*) AS n FROM form_submissions WHERE form = 'masterclass'",
    );
    expect(Number(stored?.n)).toBe(12);
    const list = await app.request('/api/sessions');
    expect(list.headers.get('cache-control')).toBe('public, max-age=30');
    const body = await list.json();
    const shown = body.sessions.find((s: { id: number }) => s.id === full.id);
    expect(shown).toMatchObject({ label: full.label, seatsLeft: 0 });
    expect(JSON.stringify(body)).not.toContain('meet.example');
    expect(JSON.stringify(body)).not.toContain('learner');
  });

  it('opens the join link only from 30 minutes before the start to the end, for a verified seat', async () => {
    const s = await create('2032-05-07 14:00', 10);
    expect((await app.request('/api/forms/masterclass', json('POST', signUp(900, s.label)))).status).toBe(201);
    const [reg] = await store.db.query<{ id: number }>(
      "SELECT id FROM form_submissions WHERE payload ->> 'email' = 'learner900@example.com'",
    );
    const id = Number(reg?.id);
    const token = await tokenOf('join', id);
    const join = async (t: string) => (await app.request('/api/join', bearer(t, 'POST'))).json();
    const open = (at: string) => {
      clock = new Date(at);
      return join(token);
    };
    // Not paid yet: never opens.
    expect(await open('2032-05-07T08:45:00Z')).toEqual({ state: 'closed' });
    /** A verified payment of `amount` for the registration, invoiced once the price is received. */
    const paid = (utr: string, amount: number) =>
      store.db.write(async (tx) => {
        const [claim] = await tx.query<{ id: number }>(
          `INSERT INTO payment_claims (utr, contact, reference, amount_paise, page, kind, registration_form, registration_id, status)
           VALUES ($1, 'learner900@example.com', 'MC-1', $2, 'masterclass', 'masterclass', 'masterclass', $3, 'verified')
           RETURNING id`,
          [utr, amount, id],
        );
        await issueInvoices(tx, [Number(claim?.id)], books);
      });
    const books = booksConfig(getEnv(), getStudio());
    const price = priceOfSupply(books, 'masterclass', null).totalPaise;
    // Part of the price received: still closed.
    await paid('900900900899', 100);
    expect(await open('2032-05-07T08:45:00Z')).toEqual({ state: 'closed' });
    await paid('900900900900', price - 100);
    // 14:00 IST is 08:30 UTC: the link opens at 08:00 UTC and closes at 10:30 UTC.
    expect(await open('2032-05-07T07:59:00Z')).toEqual({ state: 'early', opensAt: '2032-05-07T08:00:00.000Z' });
    expect(await open('2032-05-07T08:00:00Z')).toEqual({ state: 'open', url: 'https://meet.example/abc-defg-hij' });
    expect(await open('2032-05-07T10:31:00Z')).toEqual({ state: 'over' });
    expect(await join(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toMatchObject({ state: 'closed' });
    // A join link e-mailed before the token moved into the fragment leads to the page, which posts it.
    const legacy = await app.request(`/api/join/${token}`);
    expect([legacy.status, legacy.headers.get('location')]).toEqual([303, `/my-registration#join-${token}`]);
    const roster = await (
      await app.request(`/api/sessions/manage/${s.id}/roster`, { headers: { Cookie: cookie } })
    ).json();
    expect(roster.roster).toEqual([
      expect.objectContaining({
        email: 'learner900@example.com',
        claimed: true,
        verified: true,
        joinedAt: expect.any(String),
      }),
    ]);
  });

  it("lets a registrant see, move and cancel their seat from their own page's link", async () => {
    clock = new Date('2030-01-01T00:00:00Z');
    const a = await create('2033-01-07 14:00', 1);
    const b = await create('2033-01-14 14:00', 1);
    expect((await app.request('/api/forms/masterclass', json('POST', signUp(950, a.label)))).status).toBe(201);
    expect((await app.request('/api/forms/masterclass', json('POST', signUp(951, b.label)))).status).toBe(201);
    const [reg] = await store.db.query<{ id: number }>(
      "SELECT id FROM form_submissions WHERE payload ->> 'email' = 'learner950@example.com'",
    );
    const token = await tokenOf('page', Number(reg?.id));
    expect((await app.request('/api/registrant', bearer(await tokenOf('join', Number(reg?.id))))).status).toBe(404);
    const view = await (await app.request('/api/registrant', bearer(token))).json();
    expect(view.registration).toMatchObject({ status: 'registered', session: { id: a.id } });
    expect(view.fixed).toBeNull();
    // b is full: the move is refused; after b's seat is cancelled it goes through.
    expect((await app.request('/api/registrant/move', bearer(token, 'POST', { sessionId: b.id }))).status).toBe(409);
    const [other] = await store.db.query<{ id: number }>(
      "SELECT id FROM form_submissions WHERE payload ->> 'email' = 'learner951@example.com'",
    );
    const otherToken = await tokenOf('page', Number(other?.id));
    expect((await app.request('/api/registrant/cancel', bearer(otherToken, 'POST'))).status).toBe(200);
    expect((await app.request('/api/registrant/move', bearer(token, 'POST', { sessionId: b.id }))).status).toBe(200);
    const moved = await (await app.request('/api/registrant', bearer(token))).json();
    expect(moved.registration.session.id).toBe(b.id);
    const [payload] = await store.db.query<{ schedule: string }>(
      "SELECT payload ->> 'schedule' AS schedule FROM form_submissions WHERE id = $1",
      [reg?.id],
    );
    expect(payload?.schedule).toBe(b.label);
    expect((await app.request('/api/registrant/cancel', bearer(token, 'POST'))).status).toBe(200);
    expect((await (await app.request('/api/registrant', bearer(token))).json()).registration.status).toBe('cancelled');
  });

  it('filters registrations by paid or unpaid, and a paid sign-up no longer counts as new', async () => {
    const get = async (url: string) => (await app.request(url, { headers: { Cookie: cookie } })).json();
    const paid = await get('/api/forms/masterclass/rows?paid=paid');
    expect(paid.rows.map((r: { payload: { email: string } }) => r.payload.email)).toEqual(['learner900@example.com']);
    const unpaid = await get('/api/forms/masterclass/rows?paid=unpaid&size=all');
    const all = await get('/api/forms/masterclass/rows');
    expect(unpaid.total).toBe(all.total - 1);
    expect((await get('/api/workspace/counts')).counts.masterclass).toBe(all.total - 1);
    const csv = await (
      await app.request('/api/forms/masterclass/export.csv?paid=paid', { headers: { Cookie: cookie } })
    ).text();
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    // Received in India time: the stored UTC instant plus 5:30.
    const [row] = await store.db.query<{ at: Date | string }>(
      "SELECT received_at AS at FROM form_submissions WHERE payload ->> 'email' = 'learner900@example.com'",
    );
    const ist = new Date(
      new Date(String(row?.at instanceof Date ? row.at.toISOString() : row?.at)).getTime() + 330 * 60_000,
    );
    expect(lines[1]?.endsWith(ist.toISOString().slice(0, 19).replace('T', ' '))).toBe(true);
  });

  it('keeps seats within capacity in the database when a seat moves to another session or comes back', async () => {
    const full = await create('2031-12-05 14:00', 1);
    const other = await create('2031-12-12 14:00', 1);
    expect((await app.request('/api/forms/masterclass', json('POST', signUp(501, full.label)))).status).toBe(201);
    expect((await app.request('/api/forms/masterclass', json('POST', signUp(502, other.label)))).status).toBe(201);
    const seatIn = async (sessionId: number) =>
      Number(
        (await store.db.query<{ id: number }>('SELECT id FROM session_seats WHERE session_id = $1', [sessionId]))[0]
          ?.id,
      );
    const moved = await seatIn(other.id);
    // Whatever code runs before it, the database refuses a second seat in a full session.
    await expect(
      store.db.write((tx) => tx.query('UPDATE session_seats SET session_id = $2 WHERE id = $1', [moved, full.id])),
    ).rejects.toThrow(/is full/);
    // A cancelled seat that comes back while its place was taken is refused too.
    const first = await seatIn(full.id);
    await store.db.write((tx) => tx.query('UPDATE session_seats SET cancelled_at = now() WHERE id = $1', [first]));
    await store.db.write((tx) => tx.query('UPDATE session_seats SET session_id = $2 WHERE id = $1', [moved, full.id]));
    await expect(
      store.db.write((tx) => tx.query('UPDATE session_seats SET cancelled_at = NULL WHERE id = $1', [first])),
    ).rejects.toThrow(/is full/);
    const [held] = await store.db.query<{ n: number }>('SELECT count(*) AS n FROM held_seats WHERE session_id = $1', [
      full.id,
    ]);
    expect(Number(held?.n)).toBe(1);
  });

  it('seats a sign-up naming a scheduled session; one naming no session, or "Fri 2pm", is refused and stores nothing', async () => {
    const stored = async () =>
      Number(
        (
          await store.db.query<{ n: number }>("SELECT count(*) AS n FROM form_submissions WHERE form = 'masterclass'")
        )[0]?.n,
      );
    const session = await create('2031-09-05 14:00', 5);
    expect((await app.request('/api/forms/masterclass', json('POST', signUp(301, session.label)))).status).toBe(201);
    const before = await stored();
    const fallback = await app.request('/api/forms/masterclass', json('POST', signUp(302, 'Fri 2pm')));
    expect(fallback.status).toBe(400);
    expect((await fallback.json()).errors.schedule).toMatch(
      /^That session cannot be chosen any more.*The next session with seats is/,
    );
    const { schedule: _none, ...unnamed } = signUp(303, '');
    const none = await app.request('/api/forms/masterclass', json('POST', unnamed));
    expect(none.status).toBe(400);
    expect((await none.json()).errors.schedule).toMatch(/^Choose a session\. The next session with seats is/);
    expect(await stored()).toBe(before);
    const roster = await (
      await app.request(`/api/sessions/manage/${session.id}/roster`, { headers: { Cookie: cookie } })
    ).json();
    expect(roster.roster.map((r: { email: string }) => r.email)).toEqual(['learner301@example.com']);
  });

  const intake = async (title: string, capacity: number, mode = 'offline') => {
    const res = await app.request(
      '/api/sessions/manage',
      json(
        'POST',
        {
          kind: 'course',
          title,
          startsAt: '2031-02-01 10:00',
          durationMinutes: 180,
          capacity,
          mode,
          location: mode === 'offline' ? 'One11 Studios, Andheri West, Mumbai' : '',
        },
        cookie,
      ),
    );
    expect(res.status).toBe(201);
    return (await res.json()).session as { id: number; label: string };
  };
  const rosterOf = async (id: number) =>
    (await (await app.request(`/api/sessions/manage/${id}/roster`, { headers: { Cookie: cookie } })).json())
      .roster as Array<{ email: string; name: string }>;
  const stored = async () => (await store.listInbox('diploma')).length;
  const payloadOf = async (email: string) =>
    (await store.listInbox('diploma')).find((row) => row.payload.Email === email)?.payload;

  it('stores the chosen intake with the registration and gives it a seat', async () => {
    const session = await intake('Diploma in Music Production', 5);
    const res = await app.request('/api/forms/diploma', json('POST', diploma(1, String(session.id))));
    expect(res.status).toBe(201);
    expect(await payloadOf('learner1@example.com')).toMatchObject({ Intake: String(session.id), Name: 'Learner b' });
    expect(await rosterOf(session.id)).toEqual([
      expect.objectContaining({ email: 'learner1@example.com', name: 'Learner b' }),
    ]);
    const listed = (await (await app.request('/api/sessions')).json()).sessions;
    expect(listed.find((s: { id: number }) => s.id === session.id)).toMatchObject({ kind: 'course', seatsLeft: 4 });
  });

  it("shows staff the chosen intake by name in the registrations' table, its search and its CSV", async () => {
    const session = await intake('Diploma in Music Production', 5);
    const res = await app.request('/api/forms/diploma', json('POST', diploma(11, String(session.id))));
    expect(res.status).toBe(201);
    const named = `Diploma in Music Production, ${session.label}`;
    const staffGet = async (url: string) => app.request(url, { headers: { Cookie: cookie } });
    const page = await (await staffGet('/api/forms/diploma/rows?q=learner11')).json();
    expect(page.rows.map((r: { payload: Record<string, unknown> }) => r.payload.Intake)).toEqual([named]);
    const searched = await (await staffGet(`/api/forms/diploma/rows?q=${encodeURIComponent(session.label)}`)).json();
    expect(searched.rows.map((r: { payload: Record<string, unknown> }) => r.payload.Email)).toContain(
      'learner11@example.com',
    );
    const csv = await (await staffGet('/api/forms/diploma/export.csv?q=learner11')).text();
    expect(csv.split('\r\n')[0]).toContain(',Timestamp,Intake,Status,');
    expect(csv).toContain(`"${named}"`);
    // The stored payload keeps the intake's id: the name is read from the intake as it is now.
    expect(await payloadOf('learner11@example.com')).toMatchObject({ Intake: String(session.id) });
  });

  it('takes a registration without an intake as before', async () => {
    const before = await stored();
    expect((await app.request('/api/forms/diploma', json('POST', diploma(2)))).status).toBe(201);
    expect((await app.request('/api/forms/diploma', json('POST', diploma(3, '')))).status).toBe(201);
    expect(await stored()).toBe(before + 2);
    expect(await payloadOf('learner2@example.com')).not.toHaveProperty('Intake');
    expect(await payloadOf('learner3@example.com')).not.toHaveProperty('Intake');
  });

  it("refuses an intake that is not the form's, not upcoming or not a number, and stores nothing", async () => {
    const certificationOnly = await intake('Basic Music Production', 5);
    const before = await stored();
    for (const wrong of [String(certificationOnly.id), '999999', 'abc', '1; DROP TABLE x']) {
      const res = await app.request('/api/forms/diploma', json('POST', diploma(4, wrong)));
      expect(res.status).toBe(400);
      expect((await res.json()).errors.Intake).toMatch(/cannot be chosen any more/);
    }
    expect(await stored()).toBe(before);
    // A form that chooses no intake refuses the key as it refuses any unknown key.
    const masterclass = await app.request(
      '/api/forms/masterclass',
      json('POST', {
        ...signUp(401, (await create('2031-09-12 14:00', 5)).label),
        Intake: String(certificationOnly.id),
      }),
    );
    expect(masterclass.status).toBe(400);
    expect((await masterclass.json()).errors).toEqual({ Intake: 'Unknown field' });
    // The certification form lists every course: the same intake is taken there.
    const res = await app.request('/api/forms/certification', json('POST', certificationBody(certificationOnly.id)));
    expect(res.status).toBe(201);
    expect(await rosterOf(certificationOnly.id)).toHaveLength(1);
  });

  it('refuses a full intake with a clear message and keeps nothing', async () => {
    const small = await intake('Diploma in Sound Designing', 1);
    expect((await app.request('/api/forms/diploma', json('POST', diploma(5, String(small.id))))).status).toBe(201);
    const before = await stored();
    const res = await app.request('/api/forms/diploma', json('POST', diploma(6, String(small.id))));
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.message).toMatch(/^That intake is full\. An intake with seats is Diploma in Music Production/);
    expect(body.errors.Intake).toBe(body.message);
    expect(await stored()).toBe(before);
    expect(await rosterOf(small.id)).toHaveLength(1);
  });

  it('takes the session chosen on the page without JavaScript, and refuses one cancelled since, saying why', async () => {
    const first = await create('2031-10-03 14:00', 5);
    const second = await create('2031-10-10 14:00', 5);
    const post = (schedule: string, n: number) =>
      app.request('/api/forms/masterclass', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...signUp(n, schedule), agreeTerms: 'on' }).toString(),
      });
    const res = await post(second.label, 401);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/payment');
    expect((await rosterOf(second.id)).map((r) => r.email)).toEqual(['learner401@example.com']);
    expect(await rosterOf(first.id)).toEqual([]);

    expect((await app.request(`/api/sessions/manage/${first.id}/cancel`, json('POST', {}, cookie))).status).toBe(200);
    const refused = await post(first.label, 402);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('That session cannot be chosen any more');
    expect((await store.listInbox('masterclass')).some((r) => r.payload.email === 'learner402@example.com')).toBe(
      false,
    );
  });

  it("builds the pages again when staff change the sessions, giving the build the service's sessions as they are then", async () => {
    const given: PublicSession[][] = [];
    const coordinator = new RebuildCoordinator({
      store,
      build: givenSessions(
        () => publicSessions(store.db, clock),
        (env) => async (folder) => {
          given.push(JSON.parse(readFileSync(env[BUILD_SESSIONS_VAR] ?? '', 'utf8')).sessions);
          return { ok: true, folder, log: '' };
        },
      ),
      nextFolder: () => 'builds/next',
      activate: async () => undefined,
      log: () => undefined,
    });
    const rebuilding = createApp({
      service: { ...serviceOf(), rebuild: { secret: 'rebuild-secret-for-tests', coordinator } },
    });
    const session = await create('2031-11-07 14:00', 9, '', rebuilding);
    await coordinator.idle();
    expect(given.at(-1)).toContainEqual(
      expect.objectContaining({ id: session.id, label: session.label, seatsLeft: 9 }),
    );
    // Nothing private reaches the pages.
    expect(JSON.stringify(given.at(-1))).not.toContain('meet.example');
    expect((await store.listBuilds())[0]?.reason).toBe('Sessions and intakes changed by meera');

    await rebuilding.request(`/api/sessions/manage/${session.id}/cancel`, json('POST', {}, cookie));
    await coordinator.idle();
    expect(given.at(-1)?.some((s) => s.id === session.id)).toBe(false);
    expect(given).toHaveLength(2);
  });

  it('takes the intake from a form sent without JavaScript', async () => {
    const session = await intake('Diploma in Music Production & Music Business', 3);
    const form = new URLSearchParams({
      name: 'Learner h',
      email: 'learner7@example.com',
      phone: '9876500007',
      courses: 'Diploma in Music Production & Music Business',
      mode: 'Offline',
      experience: 'Beginner',
      Intake: String(session.id),
    });
    const res = await app.request('/api/forms/diploma', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/institute/course-payment');
    expect(await rosterOf(session.id)).toEqual([expect.objectContaining({ email: 'learner7@example.com' })]);
  });
});
