/**
 * The build's copy of the service's sessions: the upcoming masterclass sessions and course intakes
 * the bundled server hands to each build it runs (in the file named by BUILD_SESSIONS_FILE), so
 * that the pages list them without JavaScript and search engines see them. Build and server only.
 * A build without the file (`npm run build` by hand, a static host's own build) has none, and the
 * pages keep NEXT_PUBLIC_MASTERCLASS_SESSIONS; in the browser the service's own list replaces it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { masterclassSessions, type Session, upcoming } from '@/lib/calendar';
import { BUILD_SESSIONS_VAR, buildSessionsFile } from '@/lib/env';
import { type IntakeForm, intakesFor } from './intake';
import { calendarSessionOf, isPublicSession, type PublicSession } from './session';

/** Memoised per file: the file is written once per build. */
let cachedRead: { file: string; sessions: readonly PublicSession[] } | undefined;

/**
 * The sessions the build was given that have not started at `nowMs`, earliest first; none without
 * the file. A file that cannot be read or is not such a list stops the build with one line saying
 * so (the server wrote it moments before: something is wrong with the machine).
 */
export function sessionsAtBuild(nowMs: number = Date.now()): PublicSession[] {
  const file = buildSessionsFile();
  if (!file) return [];
  if (cachedRead?.file !== file) cachedRead = { file, sessions: readSessionsFile(file) };
  return cachedRead.sessions.filter((s) => Date.parse(s.startsAt) > nowMs);
}

/** The intakes a course form is built with (`intakesFor`). */
export const intakesAtBuild = (form: IntakeForm): PublicSession[] => intakesFor(form, sessionsAtBuild());

/**
 * What /masterclass is built with: the sessions to choose from (the service's), the sessions of its
 * structured data, and those of its "Next session" strip (with a seat left when built); without
 * the service's, the settings' own (NEXT_PUBLIC_MASTERCLASS_SESSIONS / content/calendar.ts).
 */
export function masterclassesAtBuild(nowMs: number = Date.now()): {
  choices: PublicSession[];
  events: Session[];
  strip: Session[];
} {
  const choices = sessionsAtBuild(nowMs).filter((s) => s.kind === 'masterclass');
  if (choices.length === 0) {
    const own = upcoming(masterclassSessions(), nowMs);
    return { choices, events: own, strip: own };
  }
  return {
    choices,
    events: choices.map(calendarSessionOf),
    strip: choices.filter((s) => s.seatsLeft > 0).map(calendarSessionOf),
  };
}

function readSessionsFile(file: string): PublicSession[] {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`sessions: ${BUILD_SESSIONS_VAR} (${file}) cannot be read: ${(error as Error).message}`);
  }
  const list = typeof value === 'object' && value !== null ? (value as { sessions?: unknown }).sessions : undefined;
  if (!Array.isArray(list) || !list.every(isPublicSession))
    throw new Error(`sessions: ${BUILD_SESSIONS_VAR} (${file}) is not a list of sessions ({"sessions": [...]})`);
  return [...list].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}

/**
 * What of the sessions shows on the pages without JavaScript (each one's id, kind, course, start,
 * length and place), as one digest: `npm start` builds again when the service's differs from the one the
 * pages were built with. Seats left are not in it (the pages' own copy does not show them), nor is
 * anything private. No sessions: ''.
 */
export function sessionsDigest(sessions: readonly PublicSession[]): string {
  if (sessions.length === 0) return '';
  const shown = sessions.map((s) => [
    s.id,
    s.kind,
    s.title,
    s.label,
    s.startsAt,
    s.durationMinutes,
    s.mode,
    s.location,
  ]);
  return createHash('sha256').update(JSON.stringify(shown)).digest('base64url').slice(0, 22);
}
