/**
 * What the booking page is built with, from the studio's file and its settings: the lists the visitor
 * chooses from and the working hours (whose starts the form offers without JavaScript). Only what
 * the contract lets a visitor see: no engineer's e-mail travels in the page.
 */
import { type BookingStudio, clockOf } from '@/lib/bookings/studio';
import type { Env } from '@/lib/env';
import type { BookingCatalogue } from './booking-fields';
import type { BookingNames } from './booking-held';

/** The booking settings the page shows (the cancellation fees are the service's). */
type RuleSettings = Pick<
  Env,
  | 'BOOKING_MIN_HOURS'
  | 'BOOKING_MAX_HOURS'
  | 'BOOKING_BUFFER_HOURS'
  | 'BOOKING_DEPOSIT_PERCENT'
  | 'BOOKING_HOLD_HOURS'
  | 'BOOKING_NOTICE_HOURS'
>;

export function bookingCatalogue(studio: BookingStudio, settings: RuleSettings): BookingCatalogue {
  const open = studio.hours.flatMap((day) => (day ? [day] : []));
  return {
    services: studio.services.map(({ id, name, sac }) => ({ id, name, sac })),
    rooms: studio.rooms.map(({ id, name, hourPaise, dayPaise }) => ({ id, name, hourPaise, dayPaise })),
    engineers: studio.engineers.map(({ id, name, hourPaise, dayPaise, rooms }) => ({
      id,
      name,
      hourPaise,
      dayPaise,
      rooms,
    })),
    rules: {
      minHours: settings.BOOKING_MIN_HOURS,
      maxHours: settings.BOOKING_MAX_HOURS,
      bufferHours: settings.BOOKING_BUFFER_HOURS,
      depositPercent: settings.BOOKING_DEPOSIT_PERCENT,
      holdHours: settings.BOOKING_HOLD_HOURS,
      noticeHours: settings.BOOKING_NOTICE_HOURS,
    },
    open: clockOf(Math.min(...open.map((day) => day.open), 24 * 60)),
    close: clockOf(Math.max(...open.map((day) => day.close), 0)),
  };
}

/** The names of the studio's services, rooms and engineers by id: the held booking's page shows them. */
export function bookingNames(studio: BookingStudio): BookingNames {
  const byId = (items: ReadonlyArray<{ id: string; name: string }>) =>
    Object.fromEntries(items.map((item) => [item.id, item.name]));
  return { service: byId(studio.services), room: byId(studio.rooms), engineer: byId(studio.engineers) };
}
