import { calendar, DEFAULT_MASTERCLASS_SCHEDULE, MASTERCLASS_HOURS, type TalentShowDate } from '@/content/calendar';
import { COUNTDOWN_START_SECONDS, type CountdownTarget, secondsLeft } from '@/lib/countdown';
import type { Env } from '@/lib/env';
import { publicMasterclassSessions } from '@/lib/public-env';
import { indiaLabel, indiaTimeToMs, isIndiaTime } from '@/lib/india-time';

/** A dated event, as instants (ms since the epoch) with its label for people. */
export interface Session {
  startMs: number;
  endMs: number;
  label: string;
}

export interface TalentShow extends Session {
  venue: TalentShowDate['venue'];
}

const HOUR_MS = 3_600_000;

function session(start: string, end?: string): Session {
  const startMs = indiaTimeToMs(start);
  return {
    startMs,
    endMs: end ? indiaTimeToMs(end) : startMs + MASTERCLASS_HOURS * HOUR_MS,
    label: indiaLabel(startMs),
  };
}

/**
 * Every masterclass session, earliest first: from `starts`, else NEXT_PUBLIC_MASTERCLASS_SESSIONS,
 * else content/calendar.ts. Safe in the browser (the variable is built into the page scripts). The
 * running service passes the sessions of the build it serves (server/site/served-build.ts), never its own
 * environment's, so that it accepts exactly the schedule values its pages send.
 */
export function masterclassSessions(starts?: readonly string[]): Session[] {
  const from = starts ?? publicMasterclassSessions() ?? calendar.masterclassSessions;
  return from.map((start) => session(start)).sort((a, b) => a.startMs - b.startMs);
}

/** Sessions that have not started yet at `nowMs`. */
export function upcoming<T extends Session>(sessions: readonly T[], nowMs: number): T[] {
  return sessions.filter((s) => s.startMs > nowMs);
}

/** The masterclass sign-up's schedule value: the next session's label, or the spec's "Fri 2pm" when none is set or left. */
export function masterclassSchedule(nowMs: number = Date.now(), starts?: readonly string[]): string {
  return upcoming(masterclassSessions(starts), nowMs)[0]?.label ?? DEFAULT_MASTERCLASS_SCHEDULE;
}

/** Every schedule value a sign-up may carry: each session's label, and the default. */
export function masterclassScheduleValues(starts?: readonly string[]): string[] {
  return [...masterclassSessions(starts).map((s) => s.label), DEFAULT_MASTERCLASS_SCHEDULE];
}

/** The talent show's date and venue: from TALENT_SHOW_* when all four are set, else content/calendar.ts. Build and server only. */
export function talentShow(env: Env): TalentShow | undefined {
  const { TALENT_SHOW_START: start, TALENT_SHOW_END: end, TALENT_SHOW_VENUE: name, TALENT_SHOW_ADDRESS: address } = env;
  const show = start && end && name && address ? { start, end, venue: { name, address } } : calendar.talentShow;
  return show ? { ...session(show.start, show.end), venue: show.venue } : undefined;
}

/** The talent show while it is still ahead at `nowMs`. Build and server only. */
export function upcomingTalentShow(nowMs: number, env: Env): TalentShow | undefined {
  const show = talentShow(env);
  return show && show.startMs > nowMs ? show : undefined;
}

/** The launch moment behind /upcoming, in ms: LAUNCH_AT, else content/calendar.ts, else none (the spec's countdown). Build and server only. */
function launchAtMs(env: Env): number | undefined {
  const at = env.LAUNCH_AT ?? calendar.launchAt;
  return at ? indiaTimeToMs(at) : undefined;
}

/** Calendar settings that do not fit together, one line each (the build refuses them). */
export function calendarProblems(env: Env): string[] {
  const written: [string, string | undefined][] = [
    ...calendar.masterclassSessions.map((t, i): [string, string] => [`masterclassSessions[${i}]`, t]),
    ['talentShow.start', calendar.talentShow?.start],
    ['talentShow.end', calendar.talentShow?.end],
    ['launchAt', calendar.launchAt],
  ];
  const problems = written
    .filter(([, value]) => value !== undefined && !isIndiaTime(value))
    .map(([name, value]) => `content/calendar.ts: ${name} "${value}" must be an India time as YYYY-MM-DD HH:mm`);
  if (problems.length > 0) return problems;
  const showVars = ['TALENT_SHOW_START', 'TALENT_SHOW_END', 'TALENT_SHOW_VENUE', 'TALENT_SHOW_ADDRESS'] as const;
  const set = showVars.filter((name) => env[name] !== undefined);
  if (set.length > 0 && set.length < showVars.length) {
    problems.push(
      `${showVars.filter((n) => !set.includes(n)).join(', ')} must be set too (the talent show needs all four)`,
    );
  }
  const show = talentShow(env);
  if (show && show.endMs <= show.startMs) problems.push('TALENT_SHOW_END must be after TALENT_SHOW_START');
  return problems;
}

/** The /upcoming countdown: to the launch moment when one is set, else the spec's fixed span from each visit. */
export function launchCountdown(nowMs: number, env: Env): { target: CountdownTarget; initialSeconds: number } {
  const atMs = launchAtMs(env);
  const target: CountdownTarget =
    atMs === undefined ? { kind: 'span', seconds: COUNTDOWN_START_SECONDS } : { kind: 'moment', atMs };
  return { target, initialSeconds: secondsLeft(target, nowMs, nowMs) };
}
