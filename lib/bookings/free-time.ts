/**
 * The studio's free time: which hours a room or an engineer can still be booked, from the working
 * hours, the bookings already held or confirmed (each blocking its time and the buffer after it),
 * the notice a booking needs, and `now`. Pure arithmetic on India time (UTC+05:30, no daylight
 * saving), so the service and the page agree.
 */
import type { AvailableDay, IsoDate } from './booking-contract';
import type { StudioRules } from './rules';
import { type BookingStudio, clockOf, type DayHours, type StudioEngineer } from './studio';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const IST_OFFSET_MS = 5.5 * HOUR_MS;

/** A live booking's hold on a room and an engineer: from its start until its end plus the buffer. */
export interface Occupied {
  readonly room: string;
  readonly engineer: string;
  readonly startsMs: number;
  readonly blocksUntilMs: number;
}

/** The instant India's day `date` (YYYY-MM-DD) begins, or undefined when it is not a real date. */
export function dayStartMs(date: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const utc = Date.UTC(y, mo, d);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo || check.getUTCDate() !== d) return undefined;
  return utc - IST_OFFSET_MS;
}

/** India's day (YYYY-MM-DD) and time (HH:MM) of an instant. */
export function indiaDateAndClock(ms: number): [IsoDate, string] {
  const iso = new Date(ms + IST_OFFSET_MS).toISOString();
  return [iso.slice(0, 10), iso.slice(11, 16)];
}

/** The day `days` after `date`. */
function addDays(date: IsoDate, days: number): IsoDate {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The weekday of a date, Sunday 0. */
const weekdayOf = (date: IsoDate) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The studio's hours on `date`. */
export const studioHours = (studio: BookingStudio, date: IsoDate): DayHours => studio.hours[weekdayOf(date)] ?? null;

/** An engineer's hours on `date`: their own, within the studio's. */
export function engineerHours(studio: BookingStudio, engineer: StudioEngineer, date: IsoDate): DayHours {
  const open = studioHours(studio, date);
  const own = engineer.hours[weekdayOf(date)] ?? null;
  if (!open || !own) return null;
  const hours = { open: Math.max(open.open, own.open), close: Math.min(open.close, own.close) };
  return hours.close > hours.open ? hours : null;
}

/** Whether [startsMs, endsMs + buffer) meets none of the live bookings `of` the room or engineer. */
function isFree(
  booked: readonly Occupied[],
  of: (b: Occupied) => boolean,
  startsMs: number,
  endsMs: number,
  bufferHours: number,
): boolean {
  const until = endsMs + bufferHours * HOUR_MS;
  return !booked.some((b) => of(b) && b.startsMs < until && startsMs < b.blocksUntilMs);
}

/** The whole-hour starts within `hours` of the day beginning `dayMs` from which `minHours` fit and are free. */
function startsWithin(
  hours: DayHours,
  dayMs: number,
  rules: StudioRules,
  earliestMs: number,
  free: (startsMs: number, endsMs: number) => boolean,
): string[] {
  if (!hours) return [];
  const starts: string[] = [];
  for (let minute = Math.ceil(hours.open / 60) * 60; minute + rules.minHours * 60 <= hours.close; minute += 60) {
    const startsMs = dayMs + minute * 60_000;
    if (startsMs >= earliestMs && free(startsMs, startsMs + rules.minHours * HOUR_MS)) starts.push(clockOf(minute));
  }
  return starts;
}

/** The free starts of every room and engineer for `days` days from `from`. */
export function freeDays(input: {
  studio: BookingStudio;
  rules: StudioRules;
  from: IsoDate;
  days: number;
  booked: readonly Occupied[];
  nowMs: number;
}): AvailableDay[] {
  const { studio, rules, booked } = input;
  const earliestMs = input.nowMs + rules.noticeHours * HOUR_MS;
  return Array.from({ length: input.days }, (_, i) => {
    const date = addDays(input.from, i);
    const dayMs = dayStartMs(date) ?? 0;
    const open = studioHours(studio, date);
    const rooms = Object.fromEntries(
      studio.rooms.map((room) => [
        room.id,
        startsWithin(open, dayMs, rules, earliestMs, (s, e) =>
          isFree(booked, (b) => b.room === room.id, s, e, rules.bufferHours),
        ),
      ]),
    );
    const engineers = Object.fromEntries(
      studio.engineers.map((engineer) => [
        engineer.id,
        startsWithin(engineerHours(studio, engineer, date), dayMs, rules, earliestMs, (s, e) =>
          isFree(booked, (b) => b.engineer === engineer.id, s, e, rules.bufferHours),
        ),
      ]),
    );
    return {
      date,
      open: open ? clockOf(open.open) : null,
      close: open ? clockOf(open.close) : null,
      rooms,
      engineers,
    };
  });
}
