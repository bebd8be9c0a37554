import { DEFAULT_MASTERCLASS_SCHEDULE } from '@/content/calendar';
import {
  calendarProblems,
  launchCountdown,
  masterclassSchedule,
  masterclassScheduleValues,
  masterclassSessions,
  talentShow,
  upcoming,
  upcomingTalentShow,
} from '@/lib/calendar';
import { COUNTDOWN_START_SECONDS, secondsLeft, splitSeconds } from '@/lib/countdown';
import { parseEnv } from '@/lib/env';
import { indiaLabel, indiaTimeToMs, isIndiaTime, isoIndia } from '@/lib/india-time';

const SESSIONS = 'NEXT_PUBLIC_MASTERCLASS_SESSIONS';
afterEach(() => {
  delete process.env[SESSIONS];
});

describe('India time', () => {
  it('reads YYYY-MM-DD HH:mm as IST and writes ISO 8601 with +05:30', () => {
    const ms = indiaTimeToMs('2027-01-08 14:00');
    expect(new Date(ms).toISOString()).toBe('2027-01-08T08:30:00.000Z');
    expect(isoIndia(ms)).toBe('2027-01-08T14:00:00+05:30');
    expect(isoIndia(ms + 2 * 3_600_000)).toBe('2027-01-08T16:00:00+05:30');
    expect(indiaLabel(ms)).toBe('Fri 8 Jan 2027, 2pm IST');
    expect(indiaLabel(indiaTimeToMs('2027-01-09 00:30'))).toBe('Sat 9 Jan 2027, 12:30am IST');
  });

  it('refuses times that are not real', () => {
    for (const bad of ['2027-02-30 10:00', '2027-01-08 24:00', '2027-1-8 14:00', '8 Jan 2027'])
      expect(isIndiaTime(bad)).toBe(false);
    expect(() => parseEnv({ LAUNCH_AT: '2027-02-30 10:00' })).toThrow(
      /LAUNCH_AT must be an India time as YYYY-MM-DD HH:mm/,
    );
    expect(() => parseEnv({ [SESSIONS]: '2027-01-08 14:00, tomorrow' })).toThrow(/each item, comma-separated/);
  });
});

describe('masterclass sessions', () => {
  it('keeps the spec when none is set: no session, schedule "Fri 2pm"', () => {
    expect(masterclassSessions()).toEqual([]);
    expect(masterclassSchedule()).toBe('Fri 2pm');
    expect(DEFAULT_MASTERCLASS_SCHEDULE).toBe('Fri 2pm');
  });

  it('sends the next session as the schedule, drops past sessions, and falls back when all are past', () => {
    process.env[SESSIONS] = '2027-01-15 14:00, 2027-01-08 14:00';
    const [first, second] = masterclassSessions();
    expect(first?.label).toBe('Fri 8 Jan 2027, 2pm IST');
    expect(second?.label).toBe('Fri 15 Jan 2027, 2pm IST');
    expect(first && first.endMs - first.startMs).toBe(2 * 3_600_000);

    const before = indiaTimeToMs('2027-01-01 09:00');
    const between = indiaTimeToMs('2027-01-08 14:00') + 1;
    const after = indiaTimeToMs('2027-01-15 14:01');
    expect(masterclassSchedule(before)).toBe('Fri 8 Jan 2027, 2pm IST');
    expect(masterclassSchedule(between)).toBe('Fri 15 Jan 2027, 2pm IST');
    expect(upcoming(masterclassSessions(), between)).toHaveLength(1);
    expect(masterclassSchedule(after)).toBe('Fri 2pm');
    expect(masterclassScheduleValues()).toEqual(['Fri 8 Jan 2027, 2pm IST', 'Fri 15 Jan 2027, 2pm IST', 'Fri 2pm']);
  });
});

/** A talent show set in full: Saturday 20 February 2027, 6 to 10.30pm, Hall 11. */
const show = {
  TALENT_SHOW_START: '2027-02-20 18:00',
  TALENT_SHOW_END: '2027-02-20 22:30',
  TALENT_SHOW_VENUE: 'Hall 11',
  TALENT_SHOW_ADDRESS: '11 Hill Road, Bandra West, Mumbai 400050',
};

describe('talent show', () => {
  it('is unset by default and read from the four variables together', () => {
    expect(talentShow(parseEnv({}))).toBeUndefined();
    const read = talentShow(parseEnv(show));
    expect(read?.label).toBe('Sat 20 Feb 2027, 6pm IST');
    expect(read && isoIndia(read.endMs)).toBe('2027-02-20T22:30:00+05:30');
    expect(read?.venue).toEqual({ name: 'Hall 11', address: '11 Hill Road, Bandra West, Mumbai 400050' });
    expect(calendarProblems(parseEnv(show))).toEqual([]);
  });

  it('refuses a show set in part or ending before it starts', () => {
    expect(calendarProblems(parseEnv({ TALENT_SHOW_VENUE: 'Hall 11' }))).toEqual([
      'TALENT_SHOW_START, TALENT_SHOW_END, TALENT_SHOW_ADDRESS must be set too (the talent show needs all four)',
    ]);
    expect(calendarProblems(parseEnv({ ...show, TALENT_SHOW_END: '2027-02-20 17:00' }))).toEqual([
      'TALENT_SHOW_END must be after TALENT_SHOW_START',
    ]);
  });
});

describe('launch countdown', () => {
  it('keeps the spec when no moment is set: 30 d 12 h 45 min 20 s from each visit', () => {
    const { target, initialSeconds } = launchCountdown(Date.UTC(2027, 0, 1), parseEnv({}));
    expect(target).toEqual({ kind: 'span', seconds: COUNTDOWN_START_SECONDS });
    expect(splitSeconds(initialSeconds)).toEqual({ days: 30, hours: 12, minutes: 45, seconds: 20 });
    expect(secondsLeft(target, 0, 999)).toBe(COUNTDOWN_START_SECONDS);
    expect(secondsLeft(target, 0, 1000)).toBe(COUNTDOWN_START_SECONDS - 1);
    expect(secondsLeft(target, 0, 1e12)).toBe(0);
    expect(splitSeconds(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('counts down to the real moment, the same for every visit, and stops at zero', () => {
    const env = parseEnv({ LAUNCH_AT: '2027-01-01 10:00' });
    const at = indiaTimeToMs('2027-01-01 10:00');
    const { target, initialSeconds } = launchCountdown(at - 90_061_000, env);
    expect(target).toEqual({ kind: 'moment', atMs: at });
    expect(splitSeconds(initialSeconds)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
    // Opening the page later does not restart it.
    expect(secondsLeft(target, at - 5_000, at - 5_000)).toBe(5);
    expect(secondsLeft(target, 0, at + 60_000)).toBe(0);
  });
});

describe('upcoming talent show', () => {
  it('is the show until it starts, then nothing', () => {
    const env = parseEnv(show);
    const start = indiaTimeToMs('2027-02-20 18:00');
    expect(upcomingTalentShow(start - 1, env)?.venue.name).toBe('Hall 11');
    expect(upcomingTalentShow(start, env)).toBeUndefined();
    expect(upcomingTalentShow(0, parseEnv({}))).toBeUndefined();
  });
});

describe('the calendar record', () => {
  // A stand-in record: the shipped content/calendar.ts is valid, so an editor's typo can only be simulated.
  it('is refused, one line per entry, when a time in content/calendar.ts is not YYYY-MM-DD HH:mm', () => {
    jest.isolateModules(() => {
      jest.doMock('@/content/calendar', () => ({
        ...jest.requireActual('@/content/calendar'),
        calendar: { masterclassSessions: ['2027-01-08 14:00', 'Fri 2pm'], launchAt: '2027-13-01 10:00' },
      }));
      const { calendarProblems: problems } = jest.requireActual<typeof import('@/lib/calendar')>('@/lib/calendar');
      expect(problems(parseEnv({}))).toEqual([
        'content/calendar.ts: masterclassSessions[1] "Fri 2pm" must be an India time as YYYY-MM-DD HH:mm',
        'content/calendar.ts: launchAt "2027-13-01 10:00" must be an India time as YYYY-MM-DD HH:mm',
      ]);
    });
  });
});
