/**
 * What the booking page offers from the service's availability: the engineers of a room, the
 * free starts of a day for a room and an engineer (or any engineer of that room), the days that
 * have one, and, without the service's list (no JavaScript), the working hours' starts.
 */
import {
  ANY_ENGINEER,
  type AvailableDay,
  type BookableEngineer,
  type ClockTime,
  type IsoDate,
} from '@/lib/bookings/booking-contract';

/** The engineers who work in `room` (every engineer while no room is chosen). */
export function engineersOf(engineers: readonly BookableEngineer[], room: string): BookableEngineer[] {
  return room === '' ? [...engineers] : engineers.filter((e) => e.rooms.includes(room));
}

/**
 * The starts of `day` at which the room and the engineer are both free for the minimum hours; for
 * any engineer, at which the room and at least one of its engineers are.
 */
export function freeStarts(
  day: AvailableDay,
  choice: { room: string; engineer: string },
  engineers: readonly BookableEngineer[],
): ClockTime[] {
  const roomStarts = day.rooms[choice.room] ?? [];
  const staffed =
    choice.engineer === ANY_ENGINEER
      ? engineersOf(engineers, choice.room).flatMap((e) => day.engineers[e.id] ?? [])
      : (day.engineers[choice.engineer] ?? []);
  const free = new Set(staffed);
  return roomStarts.filter((start) => free.has(start));
}

/** The day `date` of the list, with the day the service sent after a refusal in its place. */
export function dayOf(days: readonly AvailableDay[], date: IsoDate, fresher?: AvailableDay): AvailableDay | undefined {
  return fresher?.date === date ? fresher : days.find((d) => d.date === date);
}

const pad = (n: number) => String(n).padStart(2, '0');
const minutesOf = (time: ClockTime) => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};

/** Every start on the hour from `open` until the minimum hours still fit before `close`. */
export function workingStarts(open: ClockTime, close: ClockTime, minHours: number): ClockTime[] {
  const starts: ClockTime[] = [];
  const first = Math.ceil(minutesOf(open) / 60);
  for (let hour = first; hour * 60 + minHours * 60 <= minutesOf(close); hour++) starts.push(`${pad(hour)}:00`);
  return starts;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A day as people read it: "Mon 7 Dec". */
export function dayLabel(date: IsoDate): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  return `${WEEKDAYS[day.getUTCDay()]} ${d} ${MONTHS[m - 1]}`;
}

/** A start as people read it: "2 pm", "10:30 am". */
export function startLabel(time: ClockTime): string {
  const minutes = minutesOf(time);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}${m ? `:${pad(m)}` : ''} ${h < 12 ? 'am' : 'pm'}`;
}

/** Today's date in India (the studio's calendar), YYYY-MM-DD. */
export function indiaToday(nowMs: number): IsoDate {
  return new Date(nowMs + (5 * 60 + 30) * 60_000).toISOString().slice(0, 10);
}
