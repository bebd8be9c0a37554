/**
 * The studio's calendar: the one place for its dates. Times are India time (IST), written
 * YYYY-MM-DD HH:mm. Each value can be overridden from the environment (see .env.example:
 * NEXT_PUBLIC_MASTERCLASS_SESSIONS, TALENT_SHOW_*, LAUNCH_AT). Left empty, the site behaves as the
 * spec says: the sign-up sends "Fri 2pm" and /upcoming counts down 30 d 12 h 45 min 20 s from each visit.
 */
import type { IndiaTime } from '@/lib/india-time';

export interface TalentShowDate {
  start: IndiaTime;
  end: IndiaTime;
  venue: { name: string; address: string };
}

export interface StudioCalendar {
  /** Starts of the masterclass sessions; each is 2 hours, live online. */
  masterclassSessions: readonly IndiaTime[];
  talentShow?: TalentShowDate;
  /** The launch moment behind the /upcoming countdown. */
  launchAt?: IndiaTime;
}

export const calendar: StudioCalendar = {
  masterclassSessions: [],
};

/** Every masterclass session lasts this long (spec: a 2-hour online masterclass). */
export const MASTERCLASS_HOURS = 2;

/** The schedule the sign-up sends when no session is set (spec §8). */
export const DEFAULT_MASTERCLASS_SCHEDULE = 'Fri 2pm';

/** The strip above the masterclass sign-up when a session is set. */
export const nextSessionCopy = { heading: 'Next session:', details: '2 hours, live online' } as const;

/** The strip above the talent show registration when the show is set. */
export const talentShowDateCopy = { heading: 'The show:' } as const;
