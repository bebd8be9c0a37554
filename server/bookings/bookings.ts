/**
 * The studio's bookings, public side: the free time of the coming weeks, a booking held (201) or
 * refused because its time is taken (409, judged by the database's constraints), and what a held
 * booking's page shows. POST /api/bookings comes through the public form door, as JSON from the
 * page's script or as an HTML form without JavaScript (refused: the page filled in again; held: a
 * 303 to /book/held?reference=…).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import type { Availability, BookingHeld, BookingTaken, HeldBooking, IsoDate } from '@/lib/bookings/booking-contract';
import { dayStartMs, freeDays, indiaDateAndClock } from '@/lib/bookings/free-time';
import { bookingPrice } from '@/lib/bookings/price';
import { type CheckedBooking, checkBookingRequest } from '@/lib/bookings/request';
import { publicRules, type StudioRules } from '@/lib/bookings/rules';
import { type BookingStudio, publicStudio } from '@/lib/bookings/studio';
import { formDoor } from '../forms/form-door';
import type { SitePage } from '../platform/form-refill';
import { answer, type FormEnv, howOf, outcomeMessages } from '../platform/outcome';
import { closedInPreview } from '../platform/not-open';
import type { Store } from '../store/store';
import { bookingByReference, holdBooking, liveBookings } from './bookings-store';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The booking page: an HTML form sent from it is answered with it. */
const BOOK_PAGE = '/book';
/** Where a booking held without JavaScript leads: the page that shows the deposit due. */
const HELD_PAGE = '/book/held';
/** Seconds the free time may be cached: a start shown free is at most this old. */
const availabilityMaxAge = 5;
const maxDays = 42;
/** What a visitor is told while the owner's booking content cannot be read (the reason is in the owner's log from the start). */
const studioUnreadable =
  'Online booking is closed for a moment while the studio corrects its booking list. Please call or message the studio.';

export interface BookingOptions {
  /** The studio's rooms, engineers and services, read on each use (the owner may edit them). */
  studio: () => Promise<BookingStudio>;
  rules: StudioRules;
  /** The studio's GSTIN: a client's GSTIN from another state is charged IGST. */
  studioGstin?: string;
}

/** Why an availability query cannot be answered, or its first day and number of days. */
function availabilityQuery(from: string | undefined, days: string | undefined, nowMs: number) {
  if (from === undefined || dayStartMs(from) === undefined)
    return { error: 'Give `from` as a day, YYYY-MM-DD (such as 2030-01-07).' };
  const [today] = indiaDateAndClock(nowMs);
  const fromMs = dayStartMs(from) ?? 0;
  const todayMs = dayStartMs(today) ?? 0;
  if (fromMs < todayMs - DAY_MS || fromMs > todayMs + 365 * DAY_MS)
    return { error: `\`from\` must be a day from today (${today}) to a year ahead.` };
  const count = days === undefined ? 14 : /^\d{1,2}$/.test(days) ? Number(days) : Number.NaN;
  if (!(count >= 1 && count <= maxDays)) return { error: `\`days\` must be a whole number from 1 to ${maxDays}.` };
  return { from, days: count };
}

/** The bookings' public routes, chained for the typed client: availability, the hold, a held booking's view. */
export function bookingRoutes(
  opts: BookingOptions & {
    store: Store;
    now: () => Date;
    sitePage?: SitePage;
    preview: boolean;
    publicGuards: readonly MiddlewareHandler<FormEnv>[];
  },
) {
  const { store, rules, now } = opts;
  /** Free time of `days` days from `from`, from the live bookings now. */
  const daysFrom = async (studio: BookingStudio, from: IsoDate, days: number) => {
    const startMs = dayStartMs(from) ?? 0;
    const booked = await liveBookings(
      store.db,
      new Date(startMs - DAY_MS),
      new Date(startMs + (days + 1) * DAY_MS),
      now(),
    );
    return freeDays({ studio, rules, from, days, booked, nowMs: now().getTime() });
  };
  const intraState = (gstin: string | undefined) =>
    !gstin || !opts.studioGstin || gstin.slice(0, 2) === opts.studioGstin.slice(0, 2);
  /** Tries each engineer in turn; the database refuses one whose time (or the room's) is taken. */
  const hold = async (studio: BookingStudio, booking: CheckedBooking) => {
    const room = studio.rooms.find((r) => r.id === booking.room);
    if (!room) return undefined;
    for (const engineer of booking.engineers) {
      const price = bookingPrice({
        room,
        engineer,
        hours: booking.hours,
        depositPercent: rules.depositPercent,
        intraState: intraState(booking.business?.gstin),
      });
      const holdUntil = new Date(now().getTime() + rules.holdHours * HOUR_MS);
      const held = await holdBooking(
        store.db,
        {
          service: booking.service.id,
          sac: booking.service.sac,
          room: room.id,
          engineer: engineer.id,
          startsAt: new Date(booking.startsMs),
          endsAt: new Date(booking.endsMs),
          blocksUntil: new Date(booking.endsMs + rules.bufferHours * HOUR_MS),
          hours: booking.hours,
          pricePaise: price.taxablePaise,
          gstPaise: price.gstPaise,
          totalPaise: price.totalPaise,
          depositPaise: price.depositPaise,
          name: booking.name,
          email: booking.email,
          phone: booking.phone,
          ...(booking.business ? { business: booking.business } : {}),
          holdUntil,
        },
        now(),
      );
      if (held.kind === 'held')
        return {
          reference: held.reference,
          depositPaise: price.depositPaise,
          totalPaise: price.totalPaise,
          holdUntil: holdUntil.toISOString(),
          engineer: engineer.id,
        } satisfies BookingHeld;
    }
    return undefined;
  };
  /** The studio's bookable things, or undefined when the owner's file cannot be read (answered 503). */
  const studioNow = () => opts.studio().catch(() => undefined);
  const onBookPage: MiddlewareHandler<FormEnv> = async (c, next) => {
    c.set('formPage', BOOK_PAGE);
    await next();
  };
  const door = formDoor(opts.sitePage);
  const closed = closedInPreview(opts.preview, opts.sitePage);

  return new Hono<FormEnv>()
    .get('/bookings/availability', async (c) => {
      const query = availabilityQuery(c.req.query('from'), c.req.query('days'), now().getTime());
      if ('error' in query) return c.json({ message: query.error }, 400);
      const studio = await studioNow();
      if (!studio) return c.json({ message: studioUnreadable }, 503);
      const answer: Availability = {
        from: query.from,
        ...publicStudio(studio),
        rules: publicRules(rules),
        days: await daysFrom(studio, query.from, query.days),
      };
      c.header('Cache-Control', `public, max-age=${availabilityMaxAge}`);
      return c.json(answer, 200);
    })
    .post('/bookings', onBookPage, every(...opts.publicGuards), closed, door, async (c) => {
      const sent = c.req.valid('json');
      const how = await howOf(c, { sitePage: opts.sitePage, page: BOOK_PAGE, values: sent.fields });
      const studio = await studioNow();
      if (!studio) return answer(c, { kind: 'refused', status: 503, message: studioUnreadable }, how);
      const verdict = checkBookingRequest(sent.fields, { studio, rules, nowMs: now().getTime() });
      if (!verdict.ok)
        return answer(
          c,
          { kind: 'refused', status: 400, message: outcomeMessages.invalid, errors: verdict.errors },
          how,
        );
      const held = await hold(studio, verdict.booking);
      if (held) {
        if (how.kind === 'page') return c.redirect(`${HELD_PAGE}?reference=${encodeURIComponent(held.reference)}`, 303);
        return c.json(held, 201);
      }
      const error = 'That time was just taken: choose another start (the free ones are shown again).';
      if (how.kind === 'page')
        return answer(c, { kind: 'refused', status: 409, message: error, errors: { start: error } }, how);
      const [day] = await daysFrom(studio, verdict.booking.date, 1);
      if (!day) throw new Error(`no free time computed for ${verdict.booking.date}`);
      return c.json({ error, day } satisfies BookingTaken, 409);
    })
    .get('/bookings/held/:reference', async (c) => {
      const booking = await bookingByReference(store.db, c.req.param('reference'));
      if (!booking) return c.json({ message: 'There is no booking with that reference.' }, 404);
      const [date, start] = indiaDateAndClock(Date.parse(booking.startsAt));
      const { startsAt: _startsAt, ...rest } = booking;
      c.header('Cache-Control', 'no-store');
      return c.json({ ...rest, date, start } satisfies HeldBooking, 200);
    });
}
