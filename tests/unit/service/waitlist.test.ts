/** @jest-environment node */
import type { Hono } from 'hono';
import { keyOfContact } from '@/lib/privacy/person';
import { erasePerson } from '@/server/privacy/erasure-store';
import { findPerson } from '@/server/privacy/people-store';
import { type SessionService, sessionService } from '@/server/sessions/sessions';
import { seatOfRegistration } from '@/server/sessions/seats-store';
import type { Store } from '@/server/store/store';
import { json, masterclassSession, serviceApp } from './service-app';
import type { SitePage } from '@/server/platform/form-refill';
import { closeRegistrantRig, openRegistrantRig, type RegistrantRig } from './smtp';
import { freshPgliteDir, scratchFolder } from '../../pglite-template';
import { databaseKinds } from './test-stores';
import { type DumpRecord, dumpDatabase, restoreDatabase } from '@/server/store/dump';
import { openStore } from '@/server/store/store';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { suitePort } from '../../free-port';

jest.setTimeout(240_000);

const password = 'correct horse battery staple';
const smtpPort = suitePort();
const HOUR = 3_600_000;

const signUp = (i: number, schedule: string, extra: Record<string, string | boolean> = {}) => ({
  name: 'Asha Rao',
  email: `learner${i}@example.com`,
  phone: `98765${String(i).padStart(5, '0')}`,
  city: 'Pune',
  level: 'Beginner',
  schedule,
  ...extra,
});

describe.each(databaseKinds)('waitlists on %s', (label, make) => {
  let store: Store;
  let app: Hono;
  let cookie: string;
  let sessions: SessionService;
  /** The service's clock: offers are held until it passes their expiry. */
  let clock = new Date('2030-01-01T00:00:00Z');

  const appOn = (on: Store, service: SessionService, sitePage?: SitePage) =>
    serviceApp(on, { rateLimitPerMinute: 100_000, sessions: service, ...(sitePage ? { sitePage } : {}) });

  let rig: RegistrantRig;

  // The test works the outbox itself, at the times it sets.
  beforeAll(async () => {
    rig = await openRegistrantRig(make, { port: smtpPort(), password, now: () => clock, offerHours: 24 });
    ({ store, app, cookie, sessions } = rig);
  });
  afterAll(() => closeRegistrantRig(rig));

  const create = async (startsAt: string, capacity: number) => {
    const res = await app.request('/api/sessions/manage', json('POST', masterclassSession(startsAt, capacity), cookie));
    expect(res.status).toBe(201);
    return (await res.json()).session as { id: number; label: string };
  };
  const send = (body: Record<string, unknown>, on: Hono = app) =>
    on.request('/api/forms/masterclass', json('POST', body));
  /** The registration ids of a session's seats (not cancelled), in order. */
  const seatsOf = async (sessionId: number) =>
    (
      await store.db.query<{ registration_id: number }>(
        'SELECT registration_id FROM session_seats WHERE session_id = $1 AND cancelled_at IS NULL ORDER BY id',
        [sessionId],
      )
    ).map((r) => Number(r.registration_id));
  const pageToken = async (registrationId: number) => {
    const seat = await seatOfRegistration(store.db, registrationId);
    if (!seat) throw new Error(`registration ${registrationId} holds no seat`);
    return sessions.links.token('page', seat);
  };
  const cancelBy = (token: string, on: Hono = app) =>
    on.request('/api/registrant/cancel', { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
  const rosterOf = async (sessionId: number) =>
    (await app.request(`/api/sessions/manage/${sessionId}/roster`, { headers: { Cookie: cookie } })).json();
  const statusesOf = async (sessionId: number) =>
    Object.fromEntries(
      (
        await store.db.query<{ status: string; n: number }>(
          'SELECT status, count(*) AS n FROM waitlist WHERE session_id = $1 GROUP BY 1',
          [sessionId],
        )
      ).map((r) => [r.status, Number(r.n)]),
    );
  /** Works the outbox at the test's clock and waits for the SMTP server to have what was sent. */
  const deliver = () => rig.deliver();

  /**
   * A one-seat session at `startsAt`: learner `first` takes the seat, the next two join the waitlist,
   * then the seat is given back, so the first waiting is offered it.
   */
  const seatGivenBack = async (startsAt: string, first: number) => {
    const session = await create(startsAt, 1);
    expect((await send(signUp(first, session.label))).status).toBe(201);
    for (const i of [first + 1, first + 2]) {
      expect((await send(signUp(i, session.label, { waitlist: true }))).status).toBe(202);
    }
    const [held] = await seatsOf(session.id);
    expect((await cancelBy(await pageToken(Number(held)))).status).toBe(200);
    return session;
  };

  it('gives a full session a waitlist with places; a cancellation e-mails the first an offer with the payment page', async () => {
    clock = new Date('2030-01-01T00:00:00Z');
    const session = await create('2031-04-04 14:00', 2);
    expect((await send(signUp(1, session.label))).status).toBe(201);
    expect((await send(signUp(2, session.label))).status).toBe(201);
    // Full: refused without the choice, as before.
    expect((await send(signUp(3, session.label))).status).toBe(409);
    // The same sign-up with "waitlist": true is told its place.
    const first = await send(signUp(3, session.label, { waitlist: true }));
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({
      place: 1,
      message: expect.stringContaining('You are number 1 on its waitlist'),
    });
    const second = await send(signUp(4, session.label, { waitlist: 'true' }));
    expect((await second.json()).place).toBe(2);
    await deliver(); // the two registrations' acknowledgements
    // The registrant's own page shows the places of their address (learner 1 also waits for another session).
    const other = await create('2031-04-11 14:00', 1);
    expect((await send(signUp(9, other.label))).status).toBe(201);
    expect((await send(signUp(1, other.label, { waitlist: true }))).status).toBe(202);
    const [one] = await seatsOf(session.id);
    const page = await app.request('/api/registrant', {
      headers: { Authorization: `Bearer ${await pageToken(Number(one))}` },
    });
    expect((await page.json()).waitlist).toEqual([{ session: expect.objectContaining({ id: other.id }), place: 1 }]);
    // A seat frees: learner 1 cancels; learner 3 (first) gets it, learner 4 becomes first.
    expect((await cancelBy(await pageToken(Number(one)))).status).toBe(200);
    expect(await statusesOf(session.id)).toEqual({ offered: 1, waiting: 1 });
    const roster = await rosterOf(session.id);
    expect(
      roster.waitlist.map((w: { email: string; place: number | null; status: string }) => [w.email, w.place, w.status]),
    ).toEqual([
      ['learner4@example.com', 1, 'waiting'],
      ['learner3@example.com', null, 'offered'],
    ]);
    // Who waits is kept beside the e-mail, and the registration made for the offer carries its sender.
    expect(roster.waitlist[0]).toMatchObject({ name: 'Asha Rao', phone: '9876500004' });
    const [offered] = await store.db.query<Record<string, unknown>>(
      `SELECT f.person_name, f.person_email, f.person_phone FROM waitlist w
       JOIN form_submissions f ON f.id = w.registration_id WHERE w.session_id = $1 AND w.status = 'offered'`,
      [session.id],
    );
    expect(offered).toEqual({
      person_name: 'Asha Rao',
      person_email: 'learner3@example.com',
      person_phone: '9876500003',
    });
    // The session stays full for new sign-ups.
    expect((await send(signUp(5, session.label))).status).toBe(409);
    const mails = await deliver();
    const offer = mails.find((m) => m.subject?.includes('is held for you'));
    expect(offer?.to && 'text' in offer.to ? offer.to.text : '').toBe('learner3@example.com');
    expect(offer?.text).toContain('https://studio.example/payment');
    expect(offer?.text).toMatch(/https:\/\/studio\.example\/my-registration#\d+\.[\w-]{27}/);
    expect(offer?.text).toContain('Held for you until: Wed 2 Jan 2030, 5:30am IST');
    // Nothing of the learner's own words is in it, and no acknowledgement was sent besides.
    expect(offer?.text).not.toContain('Asha');
    const toLearner3 = mails.filter((m) => (m.to && 'text' in m.to ? m.to.text : '') === 'learner3@example.com');
    expect(toLearner3.map((m) => m.subject)).toEqual([offer?.subject]);
  });

  it('e-mails each person waiting their place; cancelling the session e-mails them its end and ends their places', async () => {
    clock = new Date('2030-01-08T00:00:00Z');
    const session = await create('2031-04-25 14:00', 1);
    expect((await send(signUp(60, session.label))).status).toBe(201);
    for (const i of [61, 62]) expect((await send(signUp(i, session.label, { waitlist: true }))).status).toBe(202);
    const mails = await deliver();
    const placeMail = (i: number) =>
      mails.find((m) => (m.to && 'text' in m.to ? m.to.text : '') === `learner${i}@example.com`);
    expect(placeMail(62)?.subject).toContain('you are number 2 on the waitlist');
    expect(placeMail(62)?.text).toContain('You are number 2 on its waitlist.');
    expect(placeMail(62)?.text).toContain(session.label);
    expect(placeMail(62)?.text).toContain('Offer held for: 24 hours');
    expect(placeMail(62)?.text).toContain('To leave the waitlist, write to us');
    expect(placeMail(61)?.subject).toContain('you are number 1 on the waitlist');
    // What they typed stays out of it.
    expect(placeMail(61)?.text).not.toContain('Asha');
    // Staff cancel the session: both people waiting are told, and their places end.
    const cancelled = await app.request(`/api/sessions/manage/${session.id}/cancel`, json('POST', {}, cookie));
    expect(cancelled.status).toBe(200);
    expect(await statusesOf(session.id)).toEqual({ lapsed: 2 });
    const after = await deliver();
    const ends = after.filter((m) => m.subject?.includes('your waitlist place withdrawn'));
    expect(ends.map((m) => (m.to && 'text' in m.to ? m.to.text : '')).sort()).toEqual([
      'learner61@example.com',
      'learner62@example.com',
    ]);
    expect(ends[0]?.text).toContain('your place on its waitlist is withdrawn');
    // The registrant holding the seat gets the session's own cancellation.
    expect(after.map((m) => (m.to && 'text' in m.to ? m.to.text : ''))).toContain('learner60@example.com');
    expect(await rosterOf(session.id)).toEqual(
      expect.objectContaining({
        waitlist: [expect.objectContaining({ place: null, status: 'lapsed' }), expect.anything()],
      }),
    );
  });

  it('offers the waitlist without JavaScript: the refused page, filled in again, has "Join the waitlist"', async () => {
    clock = new Date('2030-01-15T00:00:00Z');
    const session = await create('2031-04-18 14:00', 1);
    expect((await send(signUp(50, session.label))).status).toBe(201);
    // The masterclass page as a build with this session lists it (the choice inside the form).
    const built = `<!doctype html><html lang="en"><body><main><form method="post" action="/api/forms/masterclass">
      <div role="alert"></div><input name="name"><input name="email"><input name="phone"><input name="city">
      <select name="level"><option>Beginner</option></select><input type="checkbox" name="agreeTerms">
      <input type="radio" name="schedule" value="${session.label}"><input name="website">
      <button type="submit">Confirm My Seat</button></form></main></body></html>`;
    const noScript = appOn(store, sessions, async (page) => (page === '/masterclass' ? built : undefined));
    const fields = Object.entries({ ...signUp(51, session.label), agreeTerms: 'on', website: '' });
    const post = (entries: Array<[string, string]>) =>
      noScript.request('/api/forms/masterclass', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Referer: 'http://localhost/masterclass' },
        body: new URLSearchParams(entries).toString(),
      });
    const refused = await post(fields);
    expect(refused.status).toBe(409);
    const page = await refused.text();
    expect(page).toContain('That session is full');
    expect(page).toContain(
      '<button type="submit" name="waitlist" value="true" class="btn btn-secondary">Join the waitlist</button>',
    );
    // Everything typed is in the page again, the full session still chosen.
    expect(page).toContain('value="learner51@example.com"');
    expect(page).toMatch(new RegExp(`type="radio" name="schedule" value="${session.label}" checked`));
    // The button sends the same fields with waitlist=true: the page tells the place.
    const joined = await post([...fields, ['waitlist', 'true']]);
    expect(joined.status).toBe(200);
    expect(await joined.text()).toContain('You are number 1 on its waitlist');
    expect(await statusesOf(session.id)).toEqual({ waiting: 1 });
    // Sent with no session chosen while every session is full: there is no fallback schedule (it was
    // "Fri 2pm", stored with no seat and sent to pay). Refused as full, the waitlist offered,
    // everything typed kept in the page again, nothing stored.
    const unnamed = await post(
      fields
        .filter(([key]) => key !== 'schedule')
        .map(([key, value]): [string, string] => [key, key === 'email' ? 'learner52@example.com' : String(value)]),
    );
    expect(unnamed.status).toBe(409);
    const unnamedPage = await unnamed.text();
    expect(unnamedPage).toContain('Choose a session. Every session is full: choose one and join its waitlist.');
    expect(unnamedPage).toContain('>Join the waitlist</button>');
    expect(unnamedPage).toContain('value="learner52@example.com"');
    const kept = await store.db.query("SELECT 1 FROM form_submissions WHERE person_email = 'learner52@example.com'");
    expect(kept).toHaveLength(0);
  });

  it('holds an offer for 24 hours by the clock, then passes it to the next; a paid offer is taken', async () => {
    clock = new Date('2030-02-01T00:00:00Z');
    const session = await seatGivenBack('2031-05-02 14:00', 20);
    expect(await statusesOf(session.id)).toEqual({ offered: 1, waiting: 1 });
    // 23 hours on: still held (the check's counts include the other tests' sessions).
    await sessions.passOnOffers(new Date(clock.getTime() + 23 * HOUR));
    expect(await statusesOf(session.id)).toEqual({ offered: 1, waiting: 1 });
    // 24 hours on: unanswered, it passes to learner 22.
    await sessions.passOnOffers(new Date(clock.getTime() + 24 * HOUR));
    expect(await statusesOf(session.id)).toEqual({ lapsed: 1, offered: 1 });
    const [offered] = await seatsOf(session.id);
    expect((await seatOfRegistration(store.db, Number(offered)))?.email).toBe('learner22@example.com');
    // Learner 22 claims the payment: the offer is taken, and never lapses.
    const claim = await app.request(
      '/api/payments/claims',
      json('POST', {
        utr: '123456789012',
        contact: 'learner22@example.com',
        reference: 'MCK9ZZZZ12345678',
        amountPaise: 11682,
      }),
    );
    expect(claim.status).toBe(201);
    await sessions.passOnOffers(new Date(clock.getTime() + 72 * HOUR));
    expect(await statusesOf(session.id)).toEqual({ lapsed: 1, taken: 1 });
  });

  it('holds an offer until the earlier of its hours and three hours before the start, shown on the registrant page', async () => {
    // Offered at 8:12am IST the day before a session at 8:50am: held until 5:50am on its day.
    clock = new Date('2030-03-01T02:42:00Z');
    const session = await seatGivenBack('2030-03-02 08:50', 60);
    const [entry] = await store.db.query<{ registration_id: number; offer_expires_at: unknown }>(
      "SELECT registration_id, offer_expires_at FROM waitlist WHERE session_id = $1 AND status = 'offered'",
      [session.id],
    );
    const expires = entry?.offer_expires_at;
    expect(new Date(expires instanceof Date ? expires : String(expires)).toISOString()).toBe(
      '2030-03-02T00:20:00.000Z',
    );
    const page = await app.request('/api/registrant', {
      headers: { Authorization: `Bearer ${await pageToken(Number(entry?.registration_id))}` },
    });
    expect((await page.json()).offer).toEqual({ expiresAt: '2030-03-02T00:20:00.000Z', text: 'Sat 2 Mar, 5:50am IST' });
    // It lapses then, before the session starts; the next person waiting is not offered a seat so
    // close to the start (no offer they could not answer): they keep their place.
    await sessions.passOnOffers(new Date('2030-03-02T00:20:00Z'));
    expect(await statusesOf(session.id)).toEqual({ lapsed: 1, waiting: 1 });
  });

  it('keeps one waitlist place per person per session, by a database constraint, under a race', async () => {
    clock = new Date('2030-03-05T00:00:00Z');
    const session = await create('2031-06-13 14:00', 1);
    expect((await send(signUp(70, session.label))).status).toBe(201);
    // The same e-mail asks ten times at once (in other letter cases too): one place.
    const asks = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send({
          ...signUp(71, session.label, { waitlist: true }),
          email: i % 2 ? 'Learner71@Example.com' : 'learner71@example.com',
        }),
      ),
    );
    expect(asks.map((r) => r.status)).toEqual(Array(10).fill(202));
    const told = await Promise.all(asks.map((r) => r.json()));
    expect(told.every((t) => t.place === 1)).toBe(true);
    expect(told.filter((t) => /already number 1/.test(t.message))).toHaveLength(9);
    expect(await statusesOf(session.id)).toEqual({ waiting: 1 });
    // The database itself refuses a second live place, whatever the code before it checked.
    await expect(
      store.db.write((tx) =>
        tx.query(
          `INSERT INTO waitlist (session_id, form, payload, email, position) VALUES ($1, 'masterclass', '{}', 'LEARNER71@example.com', 99)`,
          [session.id],
        ),
      ),
    ).rejects.toThrow(/waitlist_one_place_per_person|duplicate key/);
  });

  it('offers added capacity to those waiting, and staff reorder the waitlist', async () => {
    clock = new Date('2030-03-01T00:00:00Z');
    const session = await create('2031-06-06 14:00', 1);
    expect((await send(signUp(30, session.label))).status).toBe(201);
    for (const i of [31, 32, 33, 34])
      expect((await send(signUp(i, session.label, { waitlist: true }))).status).toBe(202);
    const move = (entry: number, direction: string) =>
      app.request(`/api/sessions/manage/${session.id}/waitlist/${entry}/move`, json('POST', { direction }, cookie));
    const order = async () => (await rosterOf(session.id)).waitlist.map((w: { email: string }) => w.email.slice(0, 9));
    const ids = (await rosterOf(session.id)).waitlist.map((w: { id: number }) => w.id);
    expect((await move(ids[0], 'up')).status).toBe(409);
    expect((await move(ids[3], 'down')).status).toBe(409);
    expect((await move(ids[0], 'sideways')).status).toBe(400);
    expect((await move(ids[1], 'up')).status).toBe(200);
    expect((await move(ids[2], 'down')).status).toBe(200);
    expect((await move(ids[2], 'up')).status).toBe(200);
    expect(await order()).toEqual(['learner32', 'learner31', 'learner33', 'learner34']);
    expect(
      (
        await app.request(
          `/api/sessions/manage/${session.id}/waitlist/${ids[0]}/move`,
          json('POST', { direction: 'up' }),
        )
      ).status,
    ).toBe(401);
    // Two seats more: the first two in the staff's order are offered them.
    const patched = await app.request(
      `/api/sessions/manage/${session.id}`,
      json('PATCH', masterclassSession('2031-06-06 14:00', 3), cookie),
    );
    expect(patched.status).toBe(200);
    expect((await patched.json()).session.seatsLeft).toBe(0);
    const offered = await Promise.all(
      (await seatsOf(session.id)).slice(1).map((id) => seatOfRegistration(store.db, id)),
    );
    expect(offered.map((s) => s?.email)).toEqual(['learner32@example.com', 'learner31@example.com']);
  });

  it("is in the person's data, their export, and erased with them", async () => {
    clock = new Date('2030-03-15T00:00:00Z');
    const session = await create('2031-06-20 14:00', 1);
    expect((await send(signUp(40, session.label))).status).toBe(201);
    expect((await send(signUp(41, session.label, { waitlist: true }))).status).toBe(202);
    const key = keyOfContact('98765 00041');
    if (!key) throw new Error('no key');
    const found = await findPerson(store.db, key);
    expect(found.submissions).toEqual([
      expect.objectContaining({
        form: 'waitlist',
        status: 'waiting',
        payload: expect.objectContaining({ session: session.label }),
      }),
    ]);
    const { counts } = await erasePerson(store, key, 'meera', 'test', clock);
    expect(counts.submissions).toBe(1);
    expect(await statusesOf(session.id)).toEqual({});
  });

  it('offers each freed seat once when fifty cancel at once', async () => {
    clock = new Date('2030-04-01T00:00:00Z');
    const session = await create('2031-07-04 14:00', 50);
    await Promise.all(Array.from({ length: 50 }, (_, i) => send(signUp(100 + i, session.label))));
    const joined = await Promise.all(
      Array.from({ length: 60 }, (_, i) => send(signUp(200 + i, session.label, { waitlist: true }))),
    );
    expect(joined.map((r) => r.status)).toEqual(Array(60).fill(202));
    // Joining at once, each is told a place of its own.
    const places = await Promise.all(joined.map(async (r) => (await r.json()).place as number));
    expect(places.sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    const tokens = await Promise.all((await seatsOf(session.id)).map((id) => pageToken(id)));
    expect(tokens).toHaveLength(50);
    // Every cancellation offers what it freed, and the periodic check runs alongside.
    const answers = await Promise.all([
      ...tokens.map((t) => cancelBy(t)),
      sessions.passOnOffers(clock),
      sessions.passOnOffers(clock),
    ]);
    expect(answers.slice(0, 50).map((r) => (r as Response).status)).toEqual(Array(50).fill(200));
    expect(await statusesOf(session.id)).toEqual({ offered: 50, waiting: 10 });
    const seats = await seatsOf(session.id);
    expect(seats).toHaveLength(50);
    const [held] = await store.db.query<{ n: number }>('SELECT count(*) AS n FROM held_seats WHERE session_id = $1', [
      session.id,
    ]);
    expect(Number(held?.n)).toBe(50);
    // Each offer is one person's, the first fifty places.
    const offeredTo = await store.db.query<{ email: string; position: number }>(
      "SELECT DISTINCT email, position FROM waitlist WHERE session_id = $1 AND status = 'offered'",
      [session.id],
    );
    expect(offeredTo.map((r) => Number(r.position)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    const offers = await store.db.query<{ n: number }>(
      "SELECT count(*) AS n FROM outbox WHERE source = 'reg-offer' AND (detail ->> 'sessionId')::int = $1",
      [session.id],
    );
    expect(Number(offers[0]?.n)).toBe(50);
  });

  it('is carried by a backup and its restore', async () => {
    const records: DumpRecord[] = [];
    const counts = await dumpDatabase(store.db, async (r) => {
      records.push(r);
    });
    const [held] = await store.db.query<{ n: number }>('SELECT count(*) AS n FROM waitlist');
    expect(Number(held?.n)).toBeGreaterThan(0);
    expect(counts.waitlist).toBe(Number(held?.n));
    const parent = scratchFolder('studio-pglite-test-');
    const restored = await openStore({ dataDir: await freshPgliteDir(path.join(parent, 'db')) });
    try {
      async function* replay() {
        yield* records;
      }
      expect((await restoreDatabase(restored.db, replay(), { replace: true })).waitlist).toBe(Number(held?.n));
      const [after] = await restored.db.query<{ n: number }>(
        "SELECT count(*) AS n FROM waitlist WHERE status = 'offered'",
      );
      const [before] = await store.db.query<{ n: number }>(
        "SELECT count(*) AS n FROM waitlist WHERE status = 'offered'",
      );
      expect(Number(after?.n)).toBe(Number(before?.n));
    } finally {
      await restored.close();
      rmSync(parent, { recursive: true, force: true });
    }
  });

  if (label === 'PostgreSQL') {
    it('offers each freed seat once when two instances on one PostgreSQL take fifty cancellations', async () => {
      clock = new Date('2030-05-01T00:00:00Z');
      // A second instance: its own store (its own connections) and service on the same database.
      const otherStore = await rig.db.open();
      const otherSessions = await sessionService({
        store: otherStore,
        siteUrl: 'https://studio.example',
        now: () => clock,
      });
      const other = appOn(otherStore, otherSessions);
      try {
        const session = await create('2031-08-01 14:00', 50);
        await Promise.all(
          Array.from({ length: 50 }, (_, i) => send(signUp(300 + i, session.label), i % 2 ? other : app)),
        );
        const joined = await Promise.all(
          Array.from({ length: 55 }, (_, i) =>
            send(signUp(400 + i, session.label, { waitlist: true }), i % 2 ? other : app),
          ),
        );
        expect(joined.map((r) => r.status)).toEqual(Array(55).fill(202));
        const tokens = await Promise.all((await seatsOf(session.id)).map((id) => pageToken(id)));
        await Promise.all([
          ...tokens.map((t, i) => cancelBy(t, i % 2 ? other : app)),
          sessions.passOnOffers(clock),
          otherSessions.passOnOffers(clock),
        ]);
        expect(await statusesOf(session.id)).toEqual({ offered: 50, waiting: 5 });
        const [held] = await store.db.query<{ n: number }>(
          'SELECT count(*) AS n FROM held_seats WHERE session_id = $1',
          [session.id],
        );
        expect(Number(held?.n)).toBe(50);
      } finally {
        await otherStore.close();
      }
    });
  }
});
