/**
 * What the booking page is built with, from the studio's file and its rules: the lists the visitor
 * chooses from and the working hours (whose starts the form offers without JavaScript). Only what
 * the contract lets a visitor see: no engineer's e-mail travels in the page.
 */
import type { BookingRules } from '@/lib/bookings/booking-contract';
import { type BookingStudio, clockOf } from '@/lib/bookings/studio';
import type { BookingCatalogue } from './booking-fields';

export function bookingCatalogue(studio: BookingStudio, rules: BookingRules): BookingCatalogue {
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
      minHours: rules.minHours,
      maxHours: rules.maxHours,
      bufferHours: rules.bufferHours,
      depositPercent: rules.depositPercent,
      holdHours: rules.holdHours,
      noticeHours: rules.noticeHours,
    },
    open: clockOf(Math.min(...open.map((day) => day.open), 24 * 60)),
    close: clockOf(Math.max(...open.map((day) => day.close), 0)),
  };
}
