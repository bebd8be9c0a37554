/**
 * Masterclass sessions and course intakes as the service keeps them (staff edit them in the
 * dashboard) and as the public read gives them. Pure: the server, the dashboard and the pages share it.
 */
import { type InferType, mixed, number, object, string } from 'yup';
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

const kinds: readonly SessionKind[] = ['masterclass', 'course'];
const modes: readonly SessionMode[] = ['online', 'offline'];
const sessionMessages = {
  kind: 'Choose a masterclass session or a course intake.',
  mode: 'Choose online or offline.',
  startsAt: 'Give the start as India time, YYYY-MM-DD HH:mm.',
  durationMinutes: 'The duration is 15 to 1440 minutes.',
  capacity: 'The capacity is 1 to 10000 seats.',
  title: `At most ${sessionLimits.title} characters.`,
  course: 'Name the course.',
  meetingUrl: 'The meeting link is an https:// address.',
  location: `At most ${sessionLimits.location} characters.`,
  offline: 'An offline intake needs its location.',
} as const;

/** Absent, or text (a field's own check refuses anything else). */
const isText = (v: unknown): v is string | undefined => v === undefined || typeof v === 'string';

/** Text up to `max` characters once trimmed (absent is empty). */
const trimmedText = (max: number, message: string) =>
  string()
    .typeError(message)
    .test('length', message, (v) => (v ?? '').trim().length <= max);

/** A whole number from `min` to `max`. */
const wholeNumber = (min: number, max: number, message: string) =>
  number().typeError(message).required(message).integer(message).min(min, message).max(max, message);

/**
 * A staff member's session as sent (each problem under its field, in words; a field the session
 * does not have is refused). A masterclass is online with a meeting link (https); an offline intake
 * needs its location. Strict: a number is not text, nor text a number.
 */
export const sessionBody = object({
  kind: mixed<SessionKind>().oneOf(kinds, sessionMessages.kind).required(sessionMessages.kind),
  title: trimmedText(sessionLimits.title, sessionMessages.title),
  startsAt: string()
    .typeError(sessionMessages.startsAt)
    .required(sessionMessages.startsAt)
    .test('india-time', sessionMessages.startsAt, (v) => isIndiaTime(v.trim())),
  durationMinutes: wholeNumber(15, 1440, sessionMessages.durationMinutes),
  capacity: wholeNumber(1, 10000, sessionMessages.capacity),
  mode: mixed<SessionMode>().oneOf(modes, sessionMessages.mode),
  meetingUrl: string()
    .typeError(sessionMessages.meetingUrl)
    .test('https', sessionMessages.meetingUrl, (v) => {
      const url = (v ?? '').trim();
      return !url || (isHttpsUrl(url) && url.length <= sessionLimits.meetingUrl);
    }),
  location: trimmedText(sessionLimits.location, sessionMessages.location),
})
  .strict()
  .noUnknown('Unknown field: ${unknown}')
  .typeError('Send the session as a JSON object.')
  .required('Send the session as a JSON object.')
  .test('course', function (v) {
    // A title or location sent as anything but text has its own message already.
    if (v.kind !== 'course' || !isText(v.title) || !isText(v.location)) return true;
    if (!(v.title ?? '').trim()) return this.createError({ path: 'title', message: sessionMessages.course });
    if (v.mode === 'offline' && !(v.location ?? '').trim())
      return this.createError({ path: 'location', message: sessionMessages.offline });
    return true;
  });

/** A checked session as the service keeps it: text trimmed, a masterclass online. */
export function sessionInputOf(sent: InferType<typeof sessionBody>): SessionInput {
  return {
    kind: sent.kind,
    title: (sent.title ?? '').trim(),
    startsAt: sent.startsAt.trim(),
    durationMinutes: sent.durationMinutes,
    capacity: sent.capacity,
    mode: sent.kind === 'masterclass' ? 'online' : (sent.mode ?? 'online'),
    meetingUrl: (sent.meetingUrl ?? '').trim(),
    location: (sent.location ?? '').trim(),
  };
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

/**
 * Where `atMs` falls against a session's own time for attendance: the door opens `opensMinutes`
 * before its start and closes at its end; only 'open' counts.
 */
export function attendanceWindow(
  session: Pick<PublicSession, 'startsAt' | 'durationMinutes'>,
  opensMinutes: number,
  atMs: number,
): { state: 'early'; opensMs: number } | { state: 'open' } | { state: 'over'; endsMs: number } {
  const startMs = Date.parse(session.startsAt);
  const opensMs = startMs - opensMinutes * 60_000;
  const endsMs = startMs + session.durationMinutes * 60_000;
  if (atMs < opensMs) return { state: 'early', opensMs };
  if (atMs > endsMs) return { state: 'over', endsMs };
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
