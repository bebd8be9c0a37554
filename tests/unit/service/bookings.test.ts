/** @jest-environment node */
/**
 * Studio bookings through the service, on each store: the free time of the coming weeks, a hold
 * (201), bad input (400 with a message per field), a time taken (409 with the day's free starts),
 * the same without JavaScript, and the race: 100 overlapping bookings sent at once, on one service
 * and on two services sharing one PostgreSQL, of which exactly a maximal set of non-overlapping ones
 * is held and the rest are told the time is taken.
 */
import type { Hono } from 'hono';
import type { Availability, BookingHeld, BookingTaken, HeldBooking } from '@/lib/bookings/booking-contract';
import { bookingRulesOf, publicRules } from '@/lib/bookings/rules';
import { parseEnv } from '@/lib/env';
import type { BookingStudio } from '@/lib/bookings/studio';
import { readBookingStudio } from '@/lib/bookings/studio-file';
import { lapseHolds } from '@/server/bookings/bookings-store';
import type { Store } from '@/server/store/store';
import { json, serviceApp } from './service-app';
import { databaseKinds, openedStore } from './test-stores';

jest.setTimeout(240_000);

/** The studio's rules as shipped (the settings' defaults: the logic's tests spell them out). */
const rules = bookingRulesOf(parseEnv({}));
/** Tuesday 1 January 2030, midnight in India. */
const start = new Date('2030-01-01T00:00:00+05:30');
/** The service's clock: a test that moves it puts it back. */
let clock = start;

/** The race's studio: four rooms open 08:00–22:00 every day, each with an engineer of its own. */
const raceStudio: BookingStudio = {
  services: [{ id: 'recording', name: 'Recording', sac: '999611' }],
  rooms: [1, 2, 3, 4].map((n) => ({ id: `room-${n}`, name: `Room ${n}`, hourPaise: 100000, dayPaise: 800000 })),
  engineers: [1, 2, 3, 4].map((n) => ({
    id: `engineer-${n}`,
    name: `Engineer ${n}`,
    hourPaise: 50000,
    dayPaise: 400000,
    rooms: [`room-${n}`],
    hours: Array(7).fill({ open: 8 * 60, close: 22 * 60 }),
  })),
  hours: Array(7).fill({ open: 8 * 60, close: 22 * 60 }),
};

const person = (i: number) => ({
  name: 'Asha Rao',
  email: `client${i}@example.com`,
  phone: `98765${String(i).padStart(5, '0')}`,
});
const booking = (extra: Record<string, string> = {}) => ({
  service: 'recording',
  room: 'studio-a',
  engineer: 'rohan',
  date: '2030-01-07',
  start: '14:00',
  hours: '4',
  ...person(0),
  ...extra,
});
const formBody = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

interface Sent {
  readonly room: string;
  readonly start: number;
  readonly hours: number;
}

/**
 * The race's 100 requests on `date`: in each room two clusters of starts (08:00 or 09:00, and 14:00
 * or 15:00, each 3 hours with an hour's buffer), every request of a cluster overlapping every other
 * one and none of another cluster. A maximal set of non-overlapping bookings is one per cluster:
 * eight.
 */
function raceRequests(date: string): Array<Sent & { body: Record<string, string> }> {
  return Array.from({ length: 100 }, (_, i) => {
    const room = 1 + (i % 4);
    const start = [8, 9, 14, 15][Math.floor(i / 4) % 4] ?? 8;
    const sent = { room: `room-${room}`, start, hours: 3 };
    const body = {
      service: 'recording',
      room: sent.room,
      engineer: `engineer-${room}`,
      date,
      start: `${String(start).padStart(2, '0')}:00`,
      hours: '3',
      ...person(1000 + i),
    };
    return { ...sent, body };
  });
}

/** Whether two bookings of one room meet, their buffer included. */
const meet = (a: Sent, b: Sent) =>
  a.room === b.room &&
  a.start < b.start + b.hours + rules.bufferHours &&
  b.start < a.start + a.hours + rules.bufferHours;

/** Sends the race's requests at once, spread over `apps`, and checks that a maximal non-overlapping set was held. */
async function race(apps: readonly Hono[], date: string, label: string) {
  const requests = raceRequests(date);
  const started = performance.now();
  const answers = await Promise.all(
    requests.map((r, i) => (apps[i % apps.length] as Hono).request('/api/bookings', json('POST', r.body))),
  );
  const ms = Math.round(performance.now() - started);
  const statuses = answers.map((a) => a.status);
  const held = requests.filter((_, i) => statuses[i] === 201);
  const refused = requests.filter((_, i) => statuses[i] === 409);
  // Non-overlapping: no two held bookings meet. Maximal: every refused one meets a held one.
  const clusters = new Set(requests.map((r) => `${r.room} ${r.start < 12 ? 'morning' : 'afternoon'}`)).size;
  console.log(
    `bookings race (${label}): ${requests.length} overlapping requests in ${ms} ms: ${held.length} held (${clusters} expected), ${refused.length} refused 409, ${statuses.filter((s) => s >= 500).length} 5xx`,
  );
  expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
  expect(held.length).toBe(clusters);
  for (const a of held) for (const b of held) if (a !== b) expect(meet(a, b)).toBe(false);
  for (const r of refused) expect(held.some((h) => meet(h, r))).toBe(true);
  const taken = (await answers.find((a) => a.status === 409)?.json()) as BookingTaken;
  expect(taken.day.date).toBe(date);
}

describe.each(databaseKinds)('studio bookings on %s', (label, make) => {
  const testDb = openedStore(make);
  let app: Hono;
  const appOn = (store: Store, studio = readBookingStudio, preview = false) =>
    serviceApp(store, { rateLimitPerMinute: 100_000, now: () => clock, preview, bookings: { studio, rules } });
  beforeAll(() => {
    app = appOn(testDb.store);
  });
  const post = (body: Record<string, string>, on = app) => on.request('/api/bookings', json('POST', body));

  it('shows the free starts of the coming weeks, cacheable for a few seconds', async () => {
    const res = await app.request('/api/bookings/availability?from=2030-01-07&days=14');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=5');
    const body = (await res.json()) as Availability;
    expect(body.days).toHaveLength(14);
    // The rules without the cancellation fees, which are the service's own.
    expect(body.rules).toEqual(publicRules(rules));
    expect(body.rules).not.toHaveProperty('cancellationFees');
    expect(body.services.map((s) => s.sac)).toEqual(['999611', '999613', '999613', '999611']);
    expect(body.engineers.find((e) => e.id === 'meera')).toEqual({
      id: 'meera',
      name: 'Meera Iyer',
      hourPaise: 100000,
      dayPaise: 750000,
      rooms: ['studio-b'],
    });
    expect(body.days[0]?.rooms['studio-a']?.[0]).toBe('10:00');
    expect(body.days[6]).toMatchObject({ date: '2030-01-13', open: null });
  });

  it.each([
    ['', 'Give `from` as a day, YYYY-MM-DD (such as 2030-01-07).'],
    ['?from=2030-02-30', 'Give `from` as a day, YYYY-MM-DD (such as 2030-01-07).'],
    ['?from=2030-01-07&days=43', '`days` must be a whole number from 1 to 42.'],
    ['?from=2030-01-07&days=0', '`days` must be a whole number from 1 to 42.'],
    ['?from=2030-01-07&days=two', '`days` must be a whole number from 1 to 42.'],
    ['?from=2032-01-07', '`from` must be a day from today (2030-01-01) to a year ahead.'],
  ])('answers a bad availability query %j with 400 and what to send', async (query, message) => {
    const res = await app.request(`/api/bookings/availability${query}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message });
  });

  it('holds a booking: 201 with its reference, deposit and hold; its page shows what is due, without personal data', async () => {
    const res = await post(booking());
    expect(res.status).toBe(201);
    const held = (await res.json()) as BookingHeld;
    // 4 hours of Studio A (₹1,500) with Rohan (₹800): ₹9,200 + 18% = ₹10,856; half is ₹5,428.
    expect(held).toEqual({
      reference: expect.stringMatching(/^SB[2-9A-HJKMNP-Z]{8}$/),
      depositPaise: 542800,
      totalPaise: 1085600,
      holdUntil: '2030-01-01T18:30:00.000Z',
      engineer: 'rohan',
    });
    const page = await app.request(`/api/bookings/held/${held.reference}`);
    expect(page.status).toBe(200);
    expect((await page.json()) as HeldBooking).toEqual({
      reference: held.reference,
      service: 'recording',
      room: 'studio-a',
      engineer: 'rohan',
      date: '2030-01-07',
      start: '14:00',
      hours: 4,
      depositPaise: 542800,
      totalPaise: 1085600,
      holdUntil: '2030-01-01T18:30:00.000Z',
      status: 'held',
    });
    expect((await app.request('/api/bookings/held/SBNOSUCH00')).status).toBe(404);
    // Studio A and Rohan are now blocked 14:00–19:00 that day (the buffer included).
    const day = (
      (await (await app.request('/api/bookings/availability?from=2030-01-07&days=1')).json()) as Availability
    ).days[0];
    expect(day?.rooms['studio-a']).toEqual(['10:00', '19:00']);
    expect(day?.engineers.rohan).toEqual(['10:00', '19:00']);
  });

  it('refuses bad input with 400 and a message beside each field', async () => {
    const res = await post(booking({ hours: '2', room: 'studio-z', gstin: '27AAPFU0939F1ZX', email: 'x' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'Some fields are missing or not valid.',
      errors: {
        room: 'Choose a room: Studio A (live room and control room), Studio B (mix and mastering suite)',
        hours: 'A booking is at least 3 hours',
        email: 'Valid email required',
        gstin: 'The GSTIN has a wrong check character (a typing mistake?)',
        legalName: "The business's legal name is required with a GSTIN",
        address: "The business's address is required with a GSTIN",
      },
    });
    const past = await post(booking({ date: '2029-12-31' }));
    expect(await past.json()).toMatchObject({
      errors: { start: 'That time has passed: choose a later day or start.' },
    });
  });

  it('answers 409 with the free starts of the day when the room, the engineer or the buffer is taken', async () => {
    // Studio A with Rohan is held 14:00–18:00 (above): 18:00 falls in its buffer.
    const res = await post(booking({ start: '18:00', hours: '3', ...person(2) }));
    expect(res.status).toBe(409);
    const taken = (await res.json()) as BookingTaken;
    expect(taken.error).toBe('That time was just taken: choose another start (the free ones are shown again).');
    expect(taken.day.rooms['studio-a']).toEqual(['10:00', '19:00']);
    // Rohan is taken at 15:00 in any room.
    expect((await post(booking({ room: 'studio-b', start: '15:00', ...person(3) }))).status).toBe(409);
  });

  it('gives "any engineer" one free who works in that room', async () => {
    // Studio B at 15:00: Rohan is busy in Studio A, so Meera.
    const res = await post(booking({ room: 'studio-b', engineer: 'any', start: '15:00', ...person(4) }));
    expect(res.status).toBe(201);
    expect(((await res.json()) as BookingHeld).engineer).toBe('meera');
    // Both engineers of Studio B are now taken at 16:00: refused.
    expect((await post(booking({ room: 'studio-b', engineer: 'any', start: '16:00', ...person(5) }))).status).toBe(409);
  });

  it('answers a form sent without JavaScript: 303 to the held page, or the form back with the messages', async () => {
    const held = await app.request('/api/bookings', formBody(booking({ date: '2030-01-08', ...person(6) })));
    expect(held.status).toBe(303);
    expect(held.headers.get('location')).toMatch(/^\/book\/held\?reference=SB[2-9A-Z]{8}$/);
    const bad = await app.request('/api/bookings', formBody(booking({ date: '2030-01-08', hours: '20' })));
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('A booking is at most 12 hours');
    const taken = await app.request('/api/bookings', formBody(booking({ date: '2030-01-08', ...person(7) })));
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain('That time was just taken');
  });

  it('is not open while the site is in preview: 503, nothing held', async () => {
    const preview = appOn(testDb.store, readBookingStudio, true);
    const res = await post(booking({ date: '2030-01-09', ...person(8) }), preview);
    expect(res.status).toBe(503);
    expect((await post(booking({ date: '2030-01-09', ...person(8) }))).status).toBe(201);
  });

  it("answers 503 while the owner's booking list has a mistake, holding nothing", async () => {
    const broken = appOn(testDb.store, () =>
      Promise.reject(new Error('studio-content/bookings.json: room "studio-a" has a negative hourPaise (-1)')),
    );
    const message =
      'Online booking is closed for a moment while the studio corrects its booking list. Please call or message the studio.';
    const free = await broken.request('/api/bookings/availability?from=2030-01-07&days=1');
    expect(free.status).toBe(503);
    expect(await free.json()).toEqual({ message });
    const res = await post(booking({ date: '2030-01-11', ...person(9) }), broken);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message });
  });

  it('lapses a hold not paid in time: its time is free again, at the next booking of it or by the periodic check', async () => {
    const first = (await (await post(booking({ date: '2030-01-10', ...person(20) }))).json()) as BookingHeld;
    const other = {
      date: '2030-01-10',
      room: 'studio-b',
      engineer: 'meera',
      start: '13:00',
      hours: '3',
      ...person(21),
    };
    const second = (await (await post(booking(other))).json()) as BookingHeld;
    const statusOf = async (reference: string) =>
      ((await (await app.request(`/api/bookings/held/${reference}`)).json()) as HeldBooking).status;
    const freeAt = async () =>
      ((await (await app.request('/api/bookings/availability?from=2030-01-10&days=1')).json()) as Availability).days[0];
    expect((await freeAt())?.rooms['studio-a']).toEqual(['10:00', '19:00']);
    try {
      // A day and an hour later both holds are past their deadline: the time shows free at once.
      clock = new Date(start.getTime() + 25 * 3_600_000);
      expect((await freeAt())?.rooms['studio-a']).toContain('14:00');
      // Booking the first one's time lapses it in the same transaction.
      const again = await post(booking({ date: '2030-01-10', ...person(22) }));
      expect(again.status).toBe(201);
      expect(await statusOf(first.reference)).toBe('lapsed');
      // The periodic check lapses the rest (the second, and the earlier tests' holds).
      expect(await statusOf(second.reference)).toBe('held');
      const [due] = await testDb.store.db.query<{ n: number }>(
        "SELECT count(*) AS n FROM bookings WHERE status = 'held' AND hold_until <= $1",
        [clock.toISOString()],
      );
      expect(await lapseHolds(testDb.store.db, clock)).toBe(Number(due?.n));
      expect(await statusOf(second.reference)).toBe('lapsed');
      expect(await lapseHolds(testDb.store.db, clock)).toBe(0);
    } finally {
      clock = start;
    }
  });

  it('holds exactly a maximal set of non-overlapping bookings among 100 sent at once; the rest are 409, none 500', async () => {
    await race([appOn(testDb.store, async () => raceStudio)], '2030-02-04', label);
  });

  if (label === 'PostgreSQL') {
    it('does the same when the 100 are spread over two service instances on one PostgreSQL', async () => {
      const database = await make();
      const [one, two] = [await database.open(), await database.open()];
      try {
        const studio = async () => raceStudio;
        await race([appOn(one, studio), appOn(two, studio)], '2030-02-05', 'two instances on one PostgreSQL');
      } finally {
        await Promise.all([one.close(), two.close()]);
        await database.dispose();
      }
    });
  }
});
