/**
 * What `npm run update -- --rollback` goes by: the record of the release served before the last
 * switch (releases/state.json), written before the switch starts, and the rule that a version goes
 * back only onto a database schema its code knows. A rollback changes the code, never the data.
 */
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { writePrivate } from '../platform/private-files';
import { releasesDir } from './releases';

/** What the last switch left behind, for --rollback. */
export interface ReleaseState {
  /** The release served before (a folder name in releases/, or `.` for the project folder). */
  readonly previous: string;
}

export const stateFileOf = (project: string): string => path.join(releasesDir(project), 'state.json');

/** The record in `file`, or undefined when there is none (or it names no release). */
export function readState(file: string): ReleaseState | undefined {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as { previous?: unknown } | null;
    return typeof value?.previous === 'string' && value.previous !== '' ? { previous: value.previous } : undefined;
  } catch {
    return undefined;
  }
}

/** Writes `text` to `file` whole (a new owner-only file renamed over it): a stop at any moment leaves the old or the new. */
function writeWhole(file: string, text: string): void {
  writePrivate(`${file}.new`, text, 'w');
  renameSync(`${file}.new`, file);
}

/**
 * Runs `switchTo` with `state` recorded in `file` first, so that an update stopped at any moment
 * of its switch (even by kill -9) can be rolled back to the release that served before. When the
 * switch fails (or throws), `file` is put back as it was, byte for byte, or removed when there was
 * none: the record keeps naming the release before the one that serves.
 */
export async function switchRecorded(
  file: string,
  state: ReleaseState,
  switchTo: () => Promise<boolean>,
): Promise<boolean> {
  const before = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  writeWhole(file, JSON.stringify(state, null, 2));
  let switched = false;
  try {
    switched = await switchTo();
    return switched;
  } finally {
    if (!switched) {
      if (before === undefined) rmSync(file, { force: true });
      else writeWhole(file, before);
    }
  }
}

/** One database migration, as its file in server/store/migrations/ names it (v25-registration-rules.ts). */
export interface Migration {
  readonly version: number;
  readonly name: string;
}

/**
 * The migrations the code in `folder` carries, by their files' names
 * (server/store/migrations/v<version>-<name>.ts), in order; undefined when it has no such folder.
 */
export function migrationsOf(folder: string): Migration[] | undefined {
  const dir = path.join(folder, 'server', 'store', 'migrations');
  if (!existsSync(dir)) return undefined;
  return readdirSync(dir)
    .flatMap((file) => {
      const m = /^v(\d+)-(.+)\.ts$/.exec(file);
      return m?.[1] && m[2] ? [{ version: Number(m[1]), name: m[2] }] : [];
    })
    .sort((a, b) => a.version - b.version);
}

/** A version of the code: its short commit and the migrations it carries (undefined: they cannot be read). */
export interface CodeVersion {
  readonly commit: string;
  readonly migrations: readonly Migration[] | undefined;
}

/**
 * Why going back from the version serving (`serving`) to `previous` is refused, or undefined when it
 * may. The database has every migration the serving version carries (it applied them at its
 * start); an older version's start applies the migrations it knows and runs on whatever else it
 * finds (server/store/store.ts migrate), so a schema newer than its code would break its writes
 * while it served. It is therefore refused here, before anything is touched. The update asks the
 * same of the version it is about to switch to, and says so before the switch.
 */
export function rollbackRefusal(serving: CodeVersion, previous: CodeVersion): string | undefined {
  const unreadable = [serving, previous].find((v) => v.migrations === undefined);
  if (unreadable)
    return `the database migrations of version ${unreadable.commit} cannot be read (no server/store/migrations/), so whether version ${previous.commit} can run on the database is not known`;
  const known = new Set((previous.migrations ?? []).map((m) => m.version));
  const beyond = (serving.migrations ?? []).filter((m) => !known.has(m.version));
  if (beyond.length === 0) return undefined;
  const names = beyond.map((m) => `${m.version} ${m.name}`).join(', ');
  return `version ${serving.commit} changes the database's schema beyond what version ${previous.commit} knows (migration${beyond.length > 1 ? 's' : ''} ${names}), and ${previous.commit}'s code cannot run on it`;
}
