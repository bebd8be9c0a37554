/**
 * Masterclass sessions and course intakes as the service keeps them (staff edit them in the
 * dashboard) and as the public read gives them. Pure: the server, the dashboard and the pages share it.
 */
import { indiaLabel, indiaTimeToMs, isIndiaTime, isoIndia } from '@/lib/india-time';

type SessionKind = 'masterclass' | 'course';
type SessionMode = 'online' | 'offline';

/** What the public read (GET /api/sessions) gives for each upcoming session: no meeting link, no people. */
export interface PublicSession {
  id: number;
  kind: SessionKind;
  title: string;
  /** The sign-up's `schedule` value: "Fri 8 Jan 2027, 2pm IST". */
  label: string;
  startsAt: string;
  durationMinutes: number;
  mode: SessionMode;
  location: string;
  seatsLeft: number;
}

/** True for one session of the public read (what the service answers, or the build was given). */
export const isPublicSession = (v: unknown): v is PublicSession => {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  return (
    typeof s.id === 'number' &&
    (s.kind === 'masterclass' || s.kind === 'course') &&
    typeof s.title === 'string' &&
    typeof s.label === 'string' &&
    typeof s.startsAt === 'string' &&
    !Number.isNaN(Date.parse(s.startsAt)) &&
    (s.mode === 'online' || s.mode === 'offline') &&
    typeof s.location === 'string' &&
    typeof s.seatsLeft === 'number' &&
    typeof s.durationMinutes === 'number'
  );
};

/** A session as staff see it: with its capacity, private meeting link and status. */
export interface StaffSession extends PublicSession {
  capacity: number;
  meetingUrl: string;
  status: 'scheduled' | 'cancelled';
  sequence: number;
  taken: number;
  /** People on the session's waitlist not yet offered a seat. */
  waiting: number;
}

/** What staff send to create or change a session; `startsAt` is India time, YYYY-MM-DD HH:mm. */
export interface SessionInput {
  kind: SessionKind;
  title: string;
  startsAt: string;
  durationMinutes: number;
  capacity: number;
  mode: SessionMode;
  meetingUrl: string;
  location: string;
}

const sessionLimits = { title: 120, meetingUrl: 500, location: 300 } as const;

/** The label a sign-up carries for a session starting at `startMs`. */
export function sessionLabel(startMs: number): string {
  return indiaLabel(startMs);
}

const isHttpsUrl = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * Checks a staff member's session (each problem under its field, in words) and gives it typed.
 * A masterclass is online with a meeting link (https); an offline intake needs its location.
 */
export function parseSessionInput(
  value: unknown,
): { ok: true; value: SessionInput } | { ok: false; errors: Record<string, string> } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, errors: { '': 'Send the session as a JSON object.' } };
  }
  const v = value as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const known = ['kind', 'title', 'startsAt', 'durationMinutes', 'capacity', 'mode', 'meetingUrl', 'location'];
  for (const key of Object.keys(v)) if (!known.includes(key)) errors[key] = 'Unknown field';
  const str = (key: string) => (typeof v[key] === 'string' ? (v[key] as string).trim() : '');
  const int = (key: string) => (typeof v[key] === 'number' ? (v[key] as number) : Number(str(key) || Number.NaN));
  const kind = v.kind === 'course' ? 'course' : 'masterclass';
  if (v.kind !== 'course' && v.kind !== 'masterclass') errors.kind = 'Choose a masterclass session or a course intake.';
  const mode = v.mode === 'offline' ? 'offline' : 'online';
  if (v.mode !== undefined && v.mode !== 'online' && v.mode !== 'offline') errors.mode = 'Choose online or offline.';
  const input: SessionInput = {
    kind,
    title: str('title'),
    startsAt: str('startsAt'),
    durationMinutes: int('durationMinutes'),
    capacity: int('capacity'),
    mode: kind === 'masterclass' ? 'online' : mode,
    meetingUrl: str('meetingUrl'),
    location: str('location'),
  };
  if (!isIndiaTime(input.startsAt)) errors.startsAt = 'Give the start as India time, YYYY-MM-DD HH:mm.';
  if (!Number.isInteger(input.durationMinutes) || input.durationMinutes < 15 || input.durationMinutes > 1440)
    errors.durationMinutes = 'The duration is 15 to 1440 minutes.';
  if (!Number.isInteger(input.capacity) || input.capacity < 1 || input.capacity > 10000)
    errors.capacity = 'The capacity is 1 to 10000 seats.';
  if (input.title.length > sessionLimits.title) errors.title = `At most ${sessionLimits.title} characters.`;
  if (kind === 'course' && !input.title) errors.title = 'Name the course.';
  if (input.meetingUrl && (!isHttpsUrl(input.meetingUrl) || input.meetingUrl.length > sessionLimits.meetingUrl))
    errors.meetingUrl = 'The meeting link is an https:// address.';
  if (input.location.length > sessionLimits.location) errors.location = `At most ${sessionLimits.location} characters.`;
  if (input.mode === 'offline' && !input.location) errors.location = 'An offline intake needs its location.';
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: input };
}

/** The start of a checked input, in ms. */
export const inputStartMs = (input: SessionInput): number => indiaTimeToMs(input.startsAt);

/** How long before the start the join link opens. */
export const JOIN_OPENS_BEFORE_MS = 30 * 60_000;

/** Where the join link stands at `nowMs`: not yet open (with when it opens), open, or over. */
export function joinState(
  startMs: number,
  durationMinutes: number,
  nowMs: number,
): { state: 'early'; opensMs: number } | { state: 'open' } | { state: 'over' } {
  const opensMs = startMs - JOIN_OPENS_BEFORE_MS;
  if (nowMs < opensMs) return { state: 'early', opensMs };
  if (nowMs > startMs + durationMinutes * 60_000) return { state: 'over' };
  return { state: 'open' };
}

/** A public session as the site's calendar draws it (the "Next session" strip, the structured data). */
export const calendarSessionOf = (s: Pick<PublicSession, 'startsAt' | 'durationMinutes' | 'label'>) => {
  const startMs = Date.parse(s.startsAt);
  return { startMs, endMs: startMs + s.durationMinutes * 60_000, label: s.label };
};

/** The first upcoming session with a seat left other than `exceptId`: what a full session offers instead. */
export function nextWithSeats<T extends Pick<PublicSession, 'id' | 'seatsLeft' | 'startsAt'>>(
  sessions: readonly T[],
  exceptId?: number,
): T | undefined {
  return [...sessions]
    .filter((s) => s.id !== exceptId && s.seatsLeft > 0)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))[0];
}

/** UTC in the compact form calendar links use: 20270108T083000Z. */
const compactUtc = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** An "add to Google Calendar" link for a session (its details hold no private link). */
export function googleCalendarUrl(opts: {
  title: string;
  startMs: number;
  endMs: number;
  details: string;
  location: string;
}): string {
  const q = new URLSearchParams({
    action: 'TEMPLATE',
    text: opts.title,
    dates: `${compactUtc(opts.startMs)}/${compactUtc(opts.endMs)}`,
    details: opts.details,
    location: opts.location,
    ctz: 'Asia/Kolkata',
  });
  return `https://calendar.google.com/calendar/render?${q.toString()}`;
}

/** An instant as India time written YYYY-MM-DD HH:mm (what staff edit). */
export const indiaTimeOf = (iso: string): string => isoIndia(Date.parse(iso)).slice(0, 16).replace('T', ' ');
