/** @jest-environment node */
import type { Hono } from 'hono';
import { studioDefaults } from '@/content/studio';
import { dashboardPath } from '@/lib/dashboard/views';
import { booksConfig, priceOfSupply } from '@/lib/books/config';
import { getEnv } from '@/lib/env';
import { getStudio } from '@/lib/studio';
import { issueInvoices } from '@/server/books/books-store';
import { type SessionService, sessionService } from '@/server/sessions/sessions';
import { seatOfRegistration } from '@/server/sessions/seats-store';
import type { Store } from '@/server/store/store';
import { diploma } from './course-registration';
import { json, serviceApp, testHash } from './service-app';
import { databaseKinds, type TestDatabase } from './test-stores';

jest.setTimeout(120_000);

const password = 'correct horse battery staple';

describe.each(databaseKinds)('check-in at the door on %s', (_label, make) => {
  let db: TestDatabase;
  let store: Store;
  let app: Hono;
  let cookie: string;
  let sessions: SessionService;
  /** The service's clock: registrations are taken before the intakes start, scans on the first one's day. */
  let clock = new Date('2031-01-01T00:00:00Z');

  beforeAll(async () => {
    db = await make();
    store = await db.open();
    await store.addStaff('meera', await testHash(password));
    sessions = await sessionService({ store, siteUrl: 'https://studio.example', now: () => clock });
    app = serviceApp(store, { rateLimitPerMinute: 100_000, sessions });
    const res = await app.request('/api/auth/login', json('POST', { name: 'meera', password }));
    cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  });
  afterAll(async () => {
    await store.close();
    await db.dispose();
  });

  const intake = async (startsAt: string) => {
    const res = await app.request(
      '/api/sessions/manage',
      json(
        'POST',
        {
          kind: 'course',
          title: 'Diploma in Music Production',
          startsAt,
          durationMinutes: 180,
          capacity: 5,
          mode: 'offline',
          location: 'One11 Studios, Andheri West, Mumbai',
        },
        cookie,
      ),
    );
    expect(res.status).toBe(201);
    return (await res.json()).session as { id: number; label: string };
  };
  /** A registration for the intake; resolves with its seat's ticket as the registrant's page shows it. */
  const register = async (n: number, intakeId: number) => {
    clock = new Date('2031-01-01T00:00:00Z');
    expect((await app.request('/api/forms/diploma', json('POST', diploma(n, String(intakeId))))).status).toBe(201);
    const [row] = await store.db.query<{ id: number }>(
      "SELECT id FROM form_submissions WHERE payload ->> 'Email' = $1",
      [`learner${n}@example.com`],
    );
    const seat = await seatOfRegistration(store.db, Number(row?.id));
    if (!seat) throw new Error('no seat');
    const page = await app.request('/api/registrant', {
      headers: { Authorization: `Bearer ${sessions.links.token('page', seat)}` },
    });
    const { ticket } = await page.json();
    return { seat, ticket: ticket as { token: string; code: string } };
  };
  /** A scan sent at `at` (by default ten minutes into the first intake's first day, 10am IST). */
  const scan = async (sessionId: number, body: Record<string, unknown>, at = '2031-02-01T04:40:00Z') => {
    clock = new Date(at);
    const res = await app.request(`/api/sessions/manage/${sessionId}/check-in`, json('POST', body, cookie));
    return { status: res.status, ...(await res.json()) };
  };

  it('checks a ticket in once, answers a replayed scan the same, and refuses a second scan saying when', async () => {
    const s = await intake('2031-02-01 10:00');
    const { ticket } = await register(1, s.id);
    expect(ticket.token).toMatch(/^T\d+\.\d+\.[\w-]{22}$/);
    expect(ticket.code).toMatch(/^[2-9A-Z]{8}$/);
    // Unsigned in: no staff session, no check-in.
    const anon = await app.request(`/api/sessions/manage/${s.id}/check-in`, json('POST', { token: ticket.token }));
    expect(anon.status).toBe(401);

    const first = await scan(s.id, { scanId: 'phone-a-0001', token: ticket.token, scannedAt: '2031-02-01T04:35:00Z' });
    expect(first).toMatchObject({ status: 200, outcome: 'checked-in', name: 'Learner b', payment: 'none' });
    expect(first.checkedInAt).toBe('2031-02-01T04:35:00.000Z');
    // The same scan sent again (the phone's queue after a dropped answer): the same answer, counted once.
    expect(await scan(s.id, { scanId: 'phone-a-0001', token: ticket.token })).toMatchObject({
      status: 200,
      outcome: 'checked-in',
      checkedInAt: '2031-02-01T04:35:00.000Z',
    });
    // Another scan of the same ticket, by token or by its short code: refused, with the time (India).
    const again = await scan(s.id, { scanId: 'phone-b-0001', token: ticket.token });
    expect(again).toMatchObject({
      status: 409,
      outcome: 'already',
      message: 'Learner b: already checked in at 10:05.',
    });
    const typed = `${ticket.code.slice(0, 4).toLowerCase()}-${ticket.code.slice(4)}`;
    expect(await scan(s.id, { scanId: 'phone-b-0002', code: typed })).toMatchObject({ outcome: 'already' });
    const [row] = await store.db.query<{ n: number }>(
      'SELECT count(*) AS n FROM session_seats WHERE session_id = $1 AND checked_in_at IS NOT NULL',
      [s.id],
    );
    expect(Number(row?.n)).toBe(1);
    const roster = await (
      await app.request(`/api/sessions/manage/${s.id}/roster`, { headers: { Cookie: cookie } })
    ).json();
    expect(roster.roster).toEqual([expect.objectContaining({ checkedInAt: '2031-02-01T04:35:00.000Z' })]);
  });

  it("refuses another session's ticket, a forged one, a cancelled seat and a wrong code; counts two phones' scans once", async () => {
    const a = await intake('2031-03-01 10:00');
    const b = await intake('2031-03-08 10:00');
    const { ticket } = await register(2, a.id);
    const other = await scan(b.id, { scanId: 'phone-a-0101', token: ticket.token });
    expect(other).toMatchObject({ status: 409, outcome: 'other-session', name: 'Learner c' });
    expect(other.message).toContain(a.label);
    // The ticket's session changed to b in the token: its signature no longer fits.
    const forged = ticket.token.replace(`.${a.id}.`, `.${b.id}.`);
    expect(await scan(b.id, { scanId: 'phone-a-0102', token: forged })).toMatchObject({
      status: 404,
      outcome: 'unknown',
    });
    expect(await scan(b.id, { scanId: 'phone-a-0103', code: ticket.code })).toMatchObject({ outcome: 'unknown' });
    expect(await scan(a.id, { scanId: 'phone-a-0104', code: '1234' })).toMatchObject({ status: 400 });
    expect(await scan(a.id, { token: ticket.token })).toMatchObject({ status: 400 });

    const { seat: cancelledSeat, ticket: cancelledTicket } = await register(3, a.id);
    await store.db.write((tx) =>
      tx.query('UPDATE session_seats SET cancelled_at = now() WHERE id = $1', [cancelledSeat.seatId]),
    );
    expect(await scan(a.id, { scanId: 'phone-a-0105', token: cancelledTicket.token })).toMatchObject({
      outcome: 'cancelled',
    });

    // A seat moved to b after its ticket was made (set here in the table: no page moves an intake
    // place): the old ticket is refused at b's door too, saying why; the seat's code works there.
    const { seat: moving, ticket: before } = await register(4, a.id);
    await store.db.write((tx) =>
      tx.query('UPDATE session_seats SET session_id = $2 WHERE id = $1', [moving.seatId, b.id]),
    );
    expect((await scan(b.id, { scanId: 'phone-a-0107', token: before.token })).message).toMatch(
      /from before their seat moved to this session/,
    );
    expect(await scan(b.id, { scanId: 'phone-a-0108', code: before.code }, '2031-03-08T04:40:00Z')).toMatchObject({
      outcome: 'checked-in',
    });

    // Two phones scan the same ticket at once: one checks it in, the other is told it is used.
    const both = await Promise.all(
      ['phone-a-0106', 'phone-b-0106'].map((scanId) =>
        scan(a.id, { scanId, token: ticket.token }, '2031-03-01T04:40:00Z'),
      ),
    );
    expect(both.map((r) => r.outcome).sort()).toEqual(['already', 'checked-in']);
  });

  it("counts attendance only inside the session's own time: the door opens an hour before the start and closes at its end", async () => {
    const s = await intake('2031-05-10 10:00'); // 04:30 UTC, three hours
    const { seat, ticket } = await register(5, s.id);
    const checkedIn = async () =>
      (
        await store.db.query<{ at: unknown }>('SELECT checked_in_at AS at FROM session_seats WHERE id = $1', [
          seat.seatId,
        ])
      )[0]?.at ?? null;
    // Six days before: a clear refusal, nothing recorded.
    const early = await scan(s.id, { scanId: 'phone-c-0001', token: ticket.token }, '2031-05-04T04:30:00Z');
    expect(early).toMatchObject({ status: 409, outcome: 'outside', name: 'Learner f' });
    expect(early.message).toBe('Learner f: check-in opens at Sat 10 May, 9:00am IST, 60 minutes before the start.');
    expect(await checkedIn()).toBeNull();
    // After its end: refused too.
    const late = await scan(s.id, { scanId: 'phone-c-0002', code: ticket.code }, '2031-05-10T07:31:00Z');
    expect(late).toMatchObject({ status: 409, outcome: 'outside' });
    expect(late.message).toMatch(/this session ended at Sat 10 May, 1:00pm IST; check-in is closed\.$/);
    expect(await checkedIn()).toBeNull();
    // An hour before the start, the door opens.
    const open = await scan(s.id, { scanId: 'phone-c-0003', token: ticket.token }, '2031-05-10T03:30:00Z');
    expect(open).toMatchObject({ status: 200, outcome: 'checked-in' });
  });

  it('lets staff mark attendance by hand only with a reason, inside the session, and logs it in the access log', async () => {
    const s = await intake('2031-06-10 10:00');
    const { seat } = await register(6, s.id);
    const mark = async (body: unknown, at: string) => {
      clock = new Date(at);
      const res = await app.request(`/api/sessions/manage/${s.id}/attendance`, json('POST', body, cookie));
      return { status: res.status, ...(await res.json()) };
    };
    const inside = '2031-06-10T05:00:00Z';
    const anon = await app.request(
      `/api/sessions/manage/${s.id}/attendance`,
      json('POST', { registration: seat.registrationId, reason: 'x' }),
    );
    expect(anon.status).toBe(401);
    expect(await mark({ registration: seat.registrationId }, inside)).toMatchObject({ status: 400 });
    expect(await mark({ registration: seat.registrationId, reason: '  ' }, inside)).toMatchObject({ status: 400 });
    expect(await mark({ registration: 2147483648, reason: 'x' }, inside)).toMatchObject({ status: 400 });
    expect(await mark({ registration: 999_999, reason: 'Her phone was flat' }, inside)).toMatchObject({ status: 409 });
    const early = await mark(
      { registration: seat.registrationId, reason: 'Her phone was flat' },
      '2031-06-04T05:00:00Z',
    );
    expect(early).toMatchObject({ status: 409, message: expect.stringMatching(/not opened its door yet/) });
    const log = () =>
      store.db.query<{ staff_name: string; action: string; detail: string }>(
        "SELECT staff_name, action, detail FROM privacy_log WHERE detail LIKE 'attendance marked by hand%'",
      );
    expect(await log()).toEqual([]);
    const marked = await mark({ registration: seat.registrationId, reason: 'Her phone was flat' }, inside);
    expect(marked).toMatchObject({ status: 200 });
    const [row] = await store.db.query<Record<string, unknown>>(
      'SELECT checked_in_at, attendance_by, attendance_reason FROM session_seats WHERE id = $1',
      [seat.seatId],
    );
    expect(
      new Date(
        String(row?.checked_in_at instanceof Date ? row.checked_in_at.toISOString() : row?.checked_in_at),
      ).toISOString(),
    ).toBe('2031-06-10T05:00:00.000Z');
    expect(row).toMatchObject({ attendance_by: 'meera', attendance_reason: 'Her phone was flat' });
    expect(await log()).toEqual([
      {
        staff_name: 'meera',
        action: 'change',
        detail: `attendance marked by hand: registration #${seat.registrationId}, ${s.label}; reason: Her phone was flat`,
      },
    ]);
    expect(await mark({ registration: seat.registrationId, reason: 'again' }, inside)).toMatchObject({ status: 409 });
  });

  it('tells the door a seat paid in full from one paid in part, claimed or not paid', async () => {
    const s = await intake('2031-05-03 10:00');
    const books = booksConfig(getEnv(), getStudio());
    const price = priceOfSupply(books, 'course', null).totalPaise;
    const seats = [];
    for (const n of [7, 8, 9, 0]) seats.push((await register(n, s.id)).seat);
    const [full, part, claimed, none] = seats;
    /** A claim of `amount` for a seat's registration: verified (invoiced once the price is received) or waiting. */
    const claim = (seat: typeof full, utr: string, amount: number, status: 'verified' | 'pending') =>
      store.db.write(async (tx) => {
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO payment_claims (utr, contact, reference, amount_paise, page, kind, registration_form, registration_id, status)
           VALUES ($1, 'x@example.com', 'CRK9ZZZZ12345678', $2, 'course', 'course', 'diploma', $3, $4) RETURNING id`,
          [utr, amount, seat?.registrationId, status],
        );
        await issueInvoices(tx, [Number(row?.id)], books);
      });
    await claim(full, '612345678901', price, 'verified');
    await claim(part, '612345678902', 100, 'verified');
    await claim(claimed, '612345678903', price, 'pending');
    const at = '2031-05-03T04:40:00Z';
    const answers = [];
    for (const [i, seat] of seats.entries()) {
      const code = sessions.tickets.code({ seatId: seat?.seatId ?? 0, linkKey: seat?.linkKey ?? '' });
      answers.push(await scan(s.id, { scanId: `phone-p-000${i}`, code }, at));
    }
    expect(answers.map((a) => [a.payment, a.message])).toEqual([
      ['verified', 'Learner h: checked in (paid).'],
      ['part', 'Learner i: checked in (paid in part, the rest still due).'],
      ['claimed', 'Learner j: checked in (payment sent, not verified yet).'],
      ['none', 'Learner a: checked in (not paid).'],
    ]);
    expect(none?.seatId).toBeGreaterThan(0);
  });

  it("lets the dashboard's pages use the camera (the door's scanner), and no other page", async () => {
    const policy = async (path: string) => (await app.request(path)).headers.get('permissions-policy') ?? '';
    expect(await policy(dashboardPath(studioDefaults.slug, 'check-in'))).toMatch(/^camera=\(self\), microphone=\(\)/);
    expect(await policy('/masterclass')).toMatch(/^camera=\(\), microphone=\(\)/);
    expect(await policy('/api/sessions')).toMatch(/^camera=\(\)/);
  });

  it("refuses check-in at an online session's door (its attendance is the join link)", async () => {
    const res = await app.request(
      '/api/sessions/manage',
      json(
        'POST',
        {
          kind: 'masterclass',
          startsAt: '2031-04-01 14:00',
          durationMinutes: 120,
          capacity: 5,
          meetingUrl: 'https://meet.example/abc-defg-hij',
        },
        cookie,
      ),
    );
    const online = (await res.json()).session as { id: number };
    expect(await scan(online.id, { scanId: 'phone-a-0201', code: 'ABCD2345' })).toMatchObject({ status: 409 });
  });
});
