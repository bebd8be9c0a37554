/**
 * The studio's bookable things, as the owner writes them in studio-content/bookings.json (seeded
 * from content/cms/bookings.json): the services it sells with their SAC, its rooms, its engineers
 * with their rates, working hours and rooms, and the studio's opening hours. Each mistake an editor
 * can make is named in one line, with the file and the item.
 */
import { isRecord } from '@/lib/guards';
import type { Availability, BookableEngineer, BookableResource, BookableService, ClockTime } from './booking-contract';

/** The days of the week as the file names them, Sunday first (JavaScript's getUTCDay order). */
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
type Weekday = (typeof WEEKDAYS)[number];

/** One day's working hours, as minutes after midnight, or null when closed. */
export type DayHours = { readonly open: number; readonly close: number } | null;
/** Working hours for each day of the week, Sunday first. */
type WeekHours = readonly DayHours[];

export interface StudioEngineer extends BookableEngineer {
  /** Where the engineer's calendar invitations go, when the studio gives it. */
  readonly email?: string;
  readonly hours: WeekHours;
}

export interface BookingStudio {
  readonly services: readonly BookableService[];
  readonly rooms: readonly BookableResource[];
  readonly engineers: readonly StudioEngineer[];
  /** The studio's opening hours: rooms are bookable within them. */
  readonly hours: WeekHours;
}

/** A clock time "HH:MM" as minutes after midnight, or undefined when it is not one (24:00 allowed, as a closing time). */
export function minutesOf(time: string): number | undefined {
  const m = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(time);
  if (!m) return undefined;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return minutes <= 24 * 60 ? minutes : undefined;
}

/** Minutes after midnight as "HH:MM". */
export const clockOf = (minutes: number): ClockTime =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** A mistake in the file, in one line: where and what. */
class StudioFileError extends Error {}

function parseDay(value: unknown, where: string): DayHours {
  if (value === 'closed' || value === null) return null;
  const m = typeof value === 'string' ? /^\s*(\S+)\s*[-–]\s*(\S+)\s*$/.exec(value) : null;
  const open = m ? minutesOf(m[1] ?? '') : undefined;
  const close = m ? minutesOf(m[2] ?? '') : undefined;
  if (open === undefined || close === undefined)
    throw new StudioFileError(
      `${where} must be "HH:MM-HH:MM" (such as "10:00-22:00") or "closed", not ${JSON.stringify(value)}`,
    );
  if (close <= open)
    throw new StudioFileError(`${where} closes (${clockOf(close)}) before it opens (${clockOf(open)})`);
  return { open, close };
}

function parseWeek(value: unknown, where: string): WeekHours {
  if (!isRecord(value))
    throw new StudioFileError(`${where} must list the days: { "mon": "10:00-22:00", …, "sun": "closed" }`);
  const unknown = Object.keys(value).find((k) => !(WEEKDAYS as readonly string[]).includes(k));
  if (unknown)
    throw new StudioFileError(`${where} names "${unknown}", which is not a day (sun, mon, tue, wed, thu, fri, sat)`);
  return WEEKDAYS.map((day: Weekday) => (day in value ? parseDay(value[day], `${where}.${day}`) : null));
}

function text(item: Record<string, unknown>, key: string, where: string): string {
  const value = item[key];
  if (typeof value !== 'string' || value.trim() === '') throw new StudioFileError(`${where} needs "${key}" (text)`);
  return value.trim();
}

function paise(item: Record<string, unknown>, key: string, where: string): number {
  const value = item[key];
  if (typeof value !== 'number' || !Number.isInteger(value))
    throw new StudioFileError(
      `${where} needs "${key}" as whole paise (₹1,500 is 150000), not ${JSON.stringify(value)}`,
    );
  if (value < 0) throw new StudioFileError(`${where} has a negative ${key} (${value})`);
  return value;
}

function items(file: Record<string, unknown>, key: string, name: string): Record<string, unknown>[] {
  const list = file[key];
  if (!Array.isArray(list) || list.length === 0) throw new StudioFileError(`"${key}" must list at least one ${name}`);
  const seen = new Set<string>();
  return list.map((item, i) => {
    if (!isRecord(item)) throw new StudioFileError(`${name} ${i + 1} must be an object`);
    const id = text(item, 'id', `${name} ${i + 1}`);
    if (!/^[a-z0-9-]{1,40}$/.test(id) || id === 'any')
      throw new StudioFileError(
        `${name} ${i + 1}'s id "${id}" must be lowercase letters, digits and dashes (and not "any")`,
      );
    if (seen.has(id)) throw new StudioFileError(`${name} id "${id}" appears twice`);
    seen.add(id);
    return item;
  });
}

function resource(item: Record<string, unknown>, where: string): BookableResource {
  return {
    id: String(item.id),
    name: text(item, 'name', where),
    hourPaise: paise(item, 'hourPaise', where),
    dayPaise: paise(item, 'dayPaise', where),
  };
}

/** The studio's bookable things from the parsed file `json`; throws one line naming `file` and the mistake. */
export function parseBookingStudio(json: unknown, file: string): BookingStudio {
  try {
    if (!isRecord(json)) throw new StudioFileError('must be a JSON object with services, rooms, engineers and hours');
    const services = items(json, 'services', 'service').map((s) => {
      const where = `service "${String(s.id)}"`;
      const sac = text(s, 'sac', where);
      if (!/^99\d{4}$/.test(sac))
        throw new StudioFileError(`${where} has SAC "${sac}": a SAC is 6 digits starting 99 (such as 999611)`);
      return { id: String(s.id), name: text(s, 'name', where), sac };
    });
    const rooms = items(json, 'rooms', 'room').map((r) => resource(r, `room "${String(r.id)}"`));
    const hours = parseWeek(json.hours, 'hours');
    const engineers = items(json, 'engineers', 'engineer').map((e): StudioEngineer => {
      const where = `engineer "${String(e.id)}"`;
      const worksIn = e.rooms;
      if (!Array.isArray(worksIn) || worksIn.length === 0 || !worksIn.every((r) => typeof r === 'string'))
        throw new StudioFileError(`${where} needs "rooms": the ids of the rooms they work in`);
      const unknownRoom = worksIn.find((r) => !rooms.some((room) => room.id === r));
      if (unknownRoom)
        throw new StudioFileError(`${where} works in room "${unknownRoom}", which is not among the rooms`);
      const email = e.email;
      if (email !== undefined && (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)))
        throw new StudioFileError(`${where} has an e-mail that is not one: ${JSON.stringify(email)}`);
      return {
        ...resource(e, where),
        rooms: worksIn,
        hours: e.hours === undefined ? hours : parseWeek(e.hours, `${where} hours`),
        ...(email ? { email } : {}),
      };
    });
    return { services, rooms, engineers, hours };
  } catch (error) {
    if (error instanceof StudioFileError) throw new Error(`${file}: ${error.message}`);
    throw error;
  }
}

/** What a visitor may see of the studio: its services, rooms and engineers, without an engineer's e-mail. */
export function publicStudio(studio: BookingStudio): Pick<Availability, 'services' | 'rooms' | 'engineers'> {
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
  };
}
