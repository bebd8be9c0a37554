/**
 * What the booking page is built with, from the studio's file and its settings: the lists the visitor
 * chooses from and the working hours (whose starts the form offers without JavaScript). Only what
 * the contract lets a visitor see: no engineer's e-mail travels in the page.
 */
import { bookingRulesOf, publicRules, type RuleSettings } from '@/lib/bookings/rules';
import { type BookingStudio, clockOf, publicStudio } from '@/lib/bookings/studio';
import type { BookingCatalogue } from './booking-fields';
import type { BookingNames } from './booking-held';

export function bookingCatalogue(studio: BookingStudio, settings: RuleSettings): BookingCatalogue {
  const open = studio.hours.flatMap((day) => (day ? [day] : []));
  return {
    ...publicStudio(studio),
    rules: publicRules(bookingRulesOf(settings)),
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
