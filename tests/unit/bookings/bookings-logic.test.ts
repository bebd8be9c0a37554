/**
 * @jest-environment node
 */
/**
 * The studio's bookable things as the owner writes them, its free time, a booking's price and the
 * checks of a request, on the shipped example (two rooms, two engineers) at a fixed `now`.
 */
import { readFileSync } from 'node:fs';
import type { BookableResource } from '@/lib/bookings/booking-contract';
import { readBookingStudio } from '@/lib/bookings/studio-file';
import { parseBookingStudio } from '@/lib/bookings/studio';
import { freeDays, type Occupied } from '@/lib/bookings/free-time';
import { bookingPrice } from '@/lib/bookings/price';
import { checkBookingRequest } from '@/lib/bookings/request';
import { bookingRulesOf, keptPercent, parseCancellationFees, type StudioRules } from '@/lib/bookings/rules';
import { parseEnv } from '@/lib/env';

/** The studio's rules as shipped: the settings' defaults, the common policy of studios. */
const rules: StudioRules = {
  minHours: 3,
  maxHours: 12,
  bufferHours: 1,
  depositPercent: 50,
  holdHours: 24,
  noticeHours: 48,
  cancellationFees: [
    { withinHours: 48, keptPercent: 50 },
    { withinHours: 24, keptPercent: 100 },
  ],
};
const shipped = JSON.parse(readFileSync('content/cms/bookings.json', 'utf8')) as Record<string, unknown>;
const studio = parseBookingStudio(shipped, 'bookings.json');
/** Tuesday 1 January 2030, 00:00 India time. */
const nowMs = Date.parse('2030-01-01T00:00:00+05:30');
const at = (iso: string) => Date.parse(`${iso}+05:30`);

describe("the studio's bookable things", () => {
  it("takes its rules from the settings, with studios' common policy as the defaults", () => {
    expect(bookingRulesOf(parseEnv({}))).toEqual(rules);
    expect(() => bookingRulesOf(parseEnv({ BOOKING_MIN_HOURS: '8', BOOKING_MAX_HOURS: '4' }))).toThrow(
      'BOOKING_MIN_HOURS (8) is more than BOOKING_MAX_HOURS (4): no booking could be made.',
    );
  });

  it('reads the shipped example: four services with their SAC, two rooms, two engineers', async () => {
    const read = await readBookingStudio();
    expect(read.services.map((s) => `${s.id} ${s.sac}`)).toEqual([
      'recording 999611',
      'mixing 999613',
      'mastering 999613',
      'production 999611',
    ]);
    expect(read.rooms.map((r) => r.id)).toEqual(['studio-a', 'studio-b']);
    expect(read.engineers.map((e) => [e.id, e.rooms])).toEqual([
      ['rohan', ['studio-a', 'studio-b']],
      ['meera', ['studio-b']],
    ]);
  });

  const broken = (change: (file: Record<string, unknown>) => void) => {
    const file = JSON.parse(JSON.stringify(shipped)) as Record<string, unknown>;
    change(file);
    return () => parseBookingStudio(file, 'studio-content/bookings.json');
  };
  const engineer = (file: Record<string, unknown>) =>
    (file.engineers as Record<string, unknown>[])[1] as Record<string, unknown>;
  const room = (file: Record<string, unknown>) =>
    (file.rooms as Record<string, unknown>[])[0] as Record<string, unknown>;

  it("names an editor's mistakes in one line, with the file", () => {
    expect(broken((f) => (engineer(f).rooms = ['studio-b', 'studio-c']))).toThrow(
      'studio-content/bookings.json: engineer "meera" works in room "studio-c", which is not among the rooms',
    );
    expect(broken((f) => (room(f).hourPaise = -100))).toThrow(
      'studio-content/bookings.json: room "studio-a" has a negative hourPaise (-100)',
    );
    expect(broken((f) => ((engineer(f).hours as Record<string, string>).mon = '22:00-12:00'))).toThrow(
      'studio-content/bookings.json: engineer "meera" hours.mon closes (12:00) before it opens (22:00)',
    );
    expect(broken((f) => ((f.hours as Record<string, string>).funday = '10:00-12:00'))).toThrow(
      'hours names "funday", which is not a day',
    );
    expect(broken((f) => ((f.hours as Record<string, string>).tue = '10am-6pm'))).toThrow(
      'hours.tue must be "HH:MM-HH:MM" (such as "10:00-22:00") or "closed", not "10am-6pm"',
    );
    expect(broken((f) => (room(f).dayPaise = 12000.5))).toThrow('room "studio-a" needs "dayPaise" as whole paise');
    expect(
      broken((f) => (((f.services as Record<string, unknown>[])[0] as Record<string, unknown>).sac = '9996')),
    ).toThrow('service "recording" has SAC "9996": a SAC is 6 digits starting 99');
    expect(broken((f) => (room(f).id = 'studio-b'))).toThrow('room id "studio-b" appears twice');
  });
});

describe('free time', () => {
  // Monday 7 January 2030: the studio is open 10:00–22:00; Meera works 12:00–22:00.
  const monday = (booked: Occupied[] = [], now = nowMs) =>
    freeDays({ studio, rules, from: '2030-01-07', days: 1, booked, nowMs: now })[0];

  it('offers each whole hour from which the minimum hours fit in the working hours', () => {
    const day = monday();
    expect(day).toMatchObject({ date: '2030-01-07', open: '10:00', close: '22:00' });
    expect(day?.rooms['studio-a']).toEqual([
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
      '19:00',
    ]);
    expect(day?.engineers.meera?.[0]).toBe('12:00');
    expect(day?.engineers.meera?.at(-1)).toBe('19:00');
  });

  it('keeps a booking and its hour of buffer free, for its room and its engineer only', () => {
    // Studio A with Rohan 13:00–16:00: blocked until 17:00.
    const day = monday([
      { room: 'studio-a', engineer: 'rohan', startsMs: at('2030-01-07T13:00'), blocksUntilMs: at('2030-01-07T17:00') },
    ]);
    // A start before it needs 3 hours and an hour of buffer before 13:00: 09:00 at the latest, before opening.
    expect(day?.rooms['studio-a']).toEqual(['17:00', '18:00', '19:00']);
    expect(day?.engineers.rohan).toEqual(['17:00', '18:00', '19:00']);
    expect(day?.rooms['studio-b']).toHaveLength(10);
    expect(day?.engineers.meera).toHaveLength(8);
  });

  it('offers nothing on a closed day, nor inside the notice', () => {
    const [sunday] = freeDays({ studio, rules, from: '2030-01-06', days: 1, booked: [], nowMs });
    expect(sunday).toMatchObject({ open: null, close: null, rooms: { 'studio-a': [] } });
    // At 15:30 on Saturday 5 January, 48 hours' notice reaches Monday 15:30: the first start is 16:00.
    expect(monday([], at('2030-01-05T15:30'))?.rooms['studio-a']?.[0]).toBe('16:00');
  });

  it('spans the days asked', () => {
    const days = freeDays({ studio, rules, from: '2030-01-30', days: 42, booked: [], nowMs });
    expect(days).toHaveLength(42);
    expect(days.at(-1)?.date).toBe('2030-03-12');
  });
});

describe('the price', () => {
  const [roomA, roomB] = studio.rooms as [BookableResource, BookableResource];
  const rohan = studio.engineers[0] as BookableResource;

  it('charges hours at the rates, GST 18% on top, and half of it as the deposit', () => {
    // 4 hours of Studio A (₹1,500) with Rohan (₹800): ₹9,200 + ₹1,656 GST = ₹10,856; deposit ₹5,428.
    expect(bookingPrice({ room: roomA, engineer: rohan, hours: 4, depositPercent: 50, intraState: true })).toEqual({
      roomPaise: 600000,
      engineerPaise: 320000,
      taxablePaise: 920000,
      gstPaise: 165600,
      totalPaise: 1085600,
      depositPaise: 542800,
    });
  });

  it('charges the day rate when it is less than the hours', () => {
    // 10 hours of Studio B: ₹10,000 by the hour, ₹8,000 for the day; Rohan ₹8,000 vs ₹6,000.
    const price = bookingPrice({ room: roomB, engineer: rohan, hours: 10, depositPercent: 50, intraState: false });
    expect(price.roomPaise).toBe(800000);
    expect(price.engineerPaise).toBe(600000);
    expect(price.totalPaise).toBe(1652000);
  });

  it('rounds to whole paise', () => {
    const odd = { id: 'x', name: 'X', hourPaise: 333, dayPaise: 100000 };
    const price = bookingPrice({ room: odd, engineer: odd, hours: 3, depositPercent: 33, intraState: true });
    // 1998 paise taxable; CGST and SGST 179.82 each, rounded to 180; total 2358; a third of it 778.14 → 778.
    expect(price).toMatchObject({ taxablePaise: 1998, gstPaise: 360, totalPaise: 2358, depositPaise: 778 });
  });
});

/** A request the studio takes (on 7 January 2030, a Monday). */
const good = {
  service: 'recording',
  room: 'studio-b',
  engineer: 'meera',
  date: '2030-01-07',
  start: '14:00',
  hours: '4',
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '9876543210',
};
describe('a booking request', () => {
  const check = (change: Record<string, string> = {}, now = nowMs) =>
    checkBookingRequest({ ...good, ...change }, { studio, rules, nowMs: now });
  const errorsOf = (change: Record<string, string>, now = nowMs) => {
    const verdict = check(change, now);
    return verdict.ok ? {} : verdict.errors;
  };

  it('takes a good request: the times in India, the engineer chosen', () => {
    const verdict = check();
    expect(verdict.ok).toBe(true);
    if (!verdict.ok) return;
    expect(new Date(verdict.booking.startsMs).toISOString()).toBe('2030-01-07T08:30:00.000Z');
    expect(new Date(verdict.booking.endsMs).toISOString()).toBe('2030-01-07T12:30:00.000Z');
    expect(verdict.booking.engineers.map((e) => e.id)).toEqual(['meera']);
  });

  it('offers every engineer of the room working then for "any"', () => {
    const verdict = check({ engineer: 'any' });
    expect(verdict.ok && verdict.booking.engineers.map((e) => e.id)).toEqual(['rohan', 'meera']);
    // At 10:00 Meera has not started: only Rohan.
    const early = check({ engineer: 'any', start: '10:00' });
    expect(early.ok && early.booking.engineers.map((e) => e.id)).toEqual(['rohan']);
  });

  it('refuses a time in the past or inside the notice', () => {
    expect(errorsOf({}, at('2030-01-08T00:00')).start).toBe('That time has passed: choose a later day or start.');
    expect(errorsOf({}, at('2030-01-06T09:00')).start).toBe(
      "Bookings need 48 hours' notice: the earliest start now is 2030-01-08 at 09:00.",
    );
  });

  it('refuses a time outside the working hours', () => {
    expect(errorsOf({ start: '20:00' }).start).toBe(
      'The studio is open 10:00–22:00 that day: 4 hours must start and end within those hours.',
    );
    expect(errorsOf({ start: '10:00' }).start).toBe(
      'Meera Iyer is open 12:00–22:00 that day: 4 hours must start and end within those hours.',
    );
    expect(errorsOf({ date: '2030-01-06' }).start).toBe('The studio is closed on that day: choose another day.');
    expect(errorsOf({ start: '14:30' }).start).toBe('Choose a start on the hour (HH:00)');
  });

  it('refuses hours below the minimum or above the maximum', () => {
    expect(errorsOf({ hours: '2' }).hours).toBe('A booking is at least 3 hours');
    expect(errorsOf({ hours: '13' }).hours).toBe('A booking is at most 12 hours');
    expect(errorsOf({ hours: 'four' }).hours).toBe('Give the hours as a whole number from 3 to 12');
  });

  it('refuses an unknown service, room or engineer, and an engineer not working in that room', () => {
    expect(errorsOf({ service: 'karaoke' }).service).toBe('Choose a service: Recording, Mixing, Mastering, Production');
    expect(errorsOf({ room: 'studio-z' }).room).toMatch(/^Choose a room: Studio A/);
    expect(errorsOf({ engineer: 'nobody' }).engineer).toBe('Choose an engineer, or any engineer');
    expect(errorsOf({ room: 'studio-a' }).engineer).toBe(
      'Meera Iyer does not work in Studio A (live room and control room): choose another engineer, or any engineer',
    );
  });

  it("checks a business's GSTIN with its check character, and asks for its legal name and address", () => {
    const business = { gstin: '27AAPFU0939F1ZV', legalName: 'Monsoon Records LLP', address: 'Andheri West, Mumbai' };
    const verdict = check(business);
    expect(verdict.ok && verdict.booking.business).toEqual(business);
    expect(errorsOf({ ...business, gstin: '27AAPFU0939F1ZX' }).gstin).toBe(
      'The GSTIN has a wrong check character (a typing mistake?)',
    );
    expect(errorsOf({ ...business, gstin: '99AAPFU0939F1ZV' }).gstin).toBe(
      "The GSTIN starts with 99, which is no state's code",
    );
    expect(errorsOf({ ...business, gstin: '27AAPFU0939' }).gstin).toMatch(/^The GSTIN must be a 15-character GSTIN/);
    expect(errorsOf({ gstin: business.gstin })).toEqual({
      legalName: "The business's legal name is required with a GSTIN",
      address: "The business's address is required with a GSTIN",
    });
  });

  it('checks the name, e-mail and phone as the other forms do', () => {
    expect(errorsOf({ name: '', email: 'asha@', phone: '12345' })).toEqual({
      name: 'Name is required',
      email: 'Valid email required',
      phone: 'Enter a valid 10-digit phone number',
    });
    expect(errorsOf({ name: 'R2D2' }).name).toBe('Name cannot contain numbers');
  });
});

describe('cancellation fees', () => {
  it('reads hours:percent pairs and keeps the most that applies', () => {
    const fees = parseCancellationFees('24:100, 48:50');
    expect(fees).toEqual(rules.cancellationFees);
    expect([72, 47, 23].map((h) => keptPercent(rules.cancellationFees, h))).toEqual([0, 50, 100]);
    expect(parseCancellationFees('48:50,24:10')).toEqual({ error: 'keeps less nearer the start (24:10 after 48:50)' });
    expect(parseCancellationFees('48h:50')).toMatchObject({ error: expect.stringContaining('hours:percent pairs') });
  });
});
