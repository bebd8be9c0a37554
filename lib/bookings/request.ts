/**
 * A booking request as the page (or an HTML form) sends it, checked field by field against the
 * studio's rooms, engineers, working hours and rules at `now`: each problem in the visitor's words,
 * beside its field.
 */
import { gstinProblem } from '@/lib/books/gstin';
import { MAX } from '@/lib/forms/limits';
import { BASIC_EMAIL, TEN_DIGITS } from '@/lib/forms/rules';
import { hasDigit } from '@/lib/forms/typing';
import { ANY_ENGINEER, type BookableService, type BookingRequest, type IsoDate } from './booking-contract';
import { dayStartMs, engineerHours, indiaDateAndClock, studioHours } from './free-time';
import type { StudioRules } from './rules';
import { type BookingStudio, clockOf, type DayHours, minutesOf, type StudioEngineer } from './studio';

const HOUR_MS = 3_600_000;

/** A request that passed every check: what the service tries to hold. */
export interface CheckedBooking {
  readonly service: BookableService;
  readonly room: string;
  /** The engineers to try in turn: the one chosen, or each who works in the room for `any`. */
  readonly engineers: readonly StudioEngineer[];
  readonly date: IsoDate;
  readonly start: string;
  readonly hours: number;
  readonly startsMs: number;
  readonly endsMs: number;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly business?: { readonly gstin: string; readonly legalName: string; readonly address: string };
}

export type RequestVerdict =
  | { readonly ok: true; readonly booking: CheckedBooking }
  | { readonly ok: false; readonly errors: Readonly<Record<string, string>> };

type Fields = Readonly<Record<string, string | readonly string[] | number | undefined>>;

/** A field as one trimmed text ('' when absent or a list). */
const one = (fields: Fields, key: keyof BookingRequest): string => {
  const value = fields[key];
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
};

const hoursWords = (hours: DayHours) => (hours ? `${clockOf(hours.open)}–${clockOf(hours.close)}` : 'closed');

/** Why a start at `minute` for `hours` does not fit `open` that day, if it does not. */
function outsideHours(open: DayHours, minute: number, hours: number, who: string): string | undefined {
  if (!open) return `${who} closed on that day: choose another day.`;
  if (minute >= open.open && minute + hours * 60 <= open.close) return undefined;
  return `${who} open ${hoursWords(open)} that day: ${hours} hours must start and end within those hours.`;
}

/** Checks the person's fields as the other forms do. */
function personErrors(fields: Fields, errors: Record<string, string>) {
  const name = one(fields, 'name');
  if (!name) errors.name = 'Name is required';
  else if (hasDigit(name)) errors.name = 'Name cannot contain numbers';
  else if (name.length > MAX.name) errors.name = `Name must be at most ${MAX.name} characters`;
  const email = one(fields, 'email');
  if (!BASIC_EMAIL.test(email) || email.length > MAX.email) errors.email = 'Valid email required';
  if (!TEN_DIGITS.test(one(fields, 'phone'))) errors.phone = 'Enter a valid 10-digit phone number';
}

/** Checks a business's GSTIN, legal name and address (all three or none). */
function businessOf(fields: Fields, errors: Record<string, string>): CheckedBooking['business'] {
  const gstin = one(fields, 'gstin').toUpperCase().replace(/\s+/g, '');
  const legalName = one(fields, 'legalName');
  const address = one(fields, 'address');
  if (!gstin) {
    if (legalName || address)
      errors.gstin = "Give the business's GSTIN with its legal name and address, or leave all three empty";
    return undefined;
  }
  const problem = gstinProblem(gstin);
  if (problem) errors.gstin = `The GSTIN ${problem}`;
  if (!legalName) errors.legalName = "The business's legal name is required with a GSTIN";
  else if (legalName.length > MAX.short) errors.legalName = `The legal name must be at most ${MAX.short} characters`;
  if (!address) errors.address = "The business's address is required with a GSTIN";
  else if (address.length > MAX.long) errors.address = `The address must be at most ${MAX.long} characters`;
  return problem || !legalName || !address ? undefined : { gstin, legalName, address };
}

/** Checks a booking request against the studio at `nowMs`. */
export function checkBookingRequest(
  fields: Fields,
  ctx: { studio: BookingStudio; rules: StudioRules; nowMs: number },
): RequestVerdict {
  const { studio, rules } = ctx;
  const errors: Record<string, string> = {};
  const service = studio.services.find((s) => s.id === one(fields, 'service'));
  if (!service) errors.service = `Choose a service: ${studio.services.map((s) => s.name).join(', ')}`;
  const roomId = one(fields, 'room');
  const room = studio.rooms.find((r) => r.id === roomId);
  if (!room) errors.room = `Choose a room: ${studio.rooms.map((r) => r.name).join(', ')}`;
  const engineerId = one(fields, 'engineer') || ANY_ENGINEER;
  const chosen = studio.engineers.find((e) => e.id === engineerId);
  if (engineerId !== ANY_ENGINEER && !chosen) errors.engineer = 'Choose an engineer, or any engineer';
  else if (chosen && room && !chosen.rooms.includes(room.id))
    errors.engineer = `${chosen.name} does not work in ${room.name}: choose another engineer, or any engineer`;

  const hoursText = one(fields, 'hours');
  const hours = /^\d{1,2}$/.test(hoursText) ? Number(hoursText) : undefined;
  if (hours === undefined)
    errors.hours = `Give the hours as a whole number from ${rules.minHours} to ${rules.maxHours}`;
  else if (hours < rules.minHours) errors.hours = `A booking is at least ${rules.minHours} hours`;
  else if (hours > rules.maxHours) errors.hours = `A booking is at most ${rules.maxHours} hours`;

  const date = one(fields, 'date');
  const dayMs = dayStartMs(date);
  if (dayMs === undefined) errors.date = 'Choose a day (YYYY-MM-DD)';
  const start = one(fields, 'start');
  const minute = minutesOf(start);
  if (minute === undefined || minute % 60 !== 0 || minute >= 24 * 60)
    errors.start = 'Choose a start on the hour (HH:00)';

  if (dayMs !== undefined && minute !== undefined && !errors.start) {
    const startsMs = dayMs + minute * 60_000;
    const earliest = ctx.nowMs + rules.noticeHours * HOUR_MS;
    if (startsMs <= ctx.nowMs) errors.start = 'That time has passed: choose a later day or start.';
    else if (startsMs < earliest) {
      const [day, time] = indiaDateAndClock(earliest);
      errors.start = `Bookings need ${rules.noticeHours} hours' notice: the earliest start now is ${day} at ${time}.`;
    } else if (hours !== undefined && !errors.hours) {
      const outside =
        outsideHours(studioHours(studio, date), minute, hours, 'The studio is') ??
        (chosen && !errors.engineer
          ? outsideHours(engineerHours(studio, chosen, date), minute, hours, `${chosen.name} is`)
          : undefined);
      if (outside) errors.start = outside;
    }
  }
  personErrors(fields, errors);
  const business = businessOf(fields, errors);
  if (
    Object.keys(errors).length > 0 ||
    !service ||
    !room ||
    hours === undefined ||
    dayMs === undefined ||
    minute === undefined
  )
    return { ok: false, errors };
  const startsMs = dayMs + minute * 60_000;
  const engineers = chosen
    ? [chosen]
    : studio.engineers.filter(
        (e) => e.rooms.includes(room.id) && !outsideHours(engineerHours(studio, e, date), minute, hours, ''),
      );
  if (engineers.length === 0)
    return { ok: false, errors: { engineer: `No engineer works in ${room.name} at that time: choose another start` } };
  return {
    ok: true,
    booking: {
      service,
      room: room.id,
      engineers,
      date,
      start,
      hours,
      startsMs,
      endsMs: startsMs + hours * HOUR_MS,
      name: one(fields, 'name'),
      email: one(fields, 'email'),
      phone: one(fields, 'phone'),
      ...(business ? { business } : {}),
    },
  };
}
