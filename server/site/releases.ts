/**
 * Releases (`npm run update`): each version of the site is installed and built in
 * releases/<commit>/ inside the project folder, and releases/current points at the one served. The
 * owner's files stay in the project folder, shared by every release and never copied into one:
 * `.env` (linked into each release), the data, backups, builds and logs (given to the release's
 * server as absolute paths). `npm start` in the project folder serves releases/current when there
 * is one (server/start.ts), so an owner, systemd and the updater all start the same thing.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '@/lib/env';
import { backupDirOf } from '../platform/backup';
import { JOURNAL } from '../platform/log';

export const releasesDir = (project: string): string => path.join(project, 'releases');
export const currentLink = (project: string): string => path.join(releasesDir(project), 'current');

/** The folder releases/current points at, or undefined before the first update. */
export function currentRelease(project: string): string | undefined {
  try {
    return realpathSync(currentLink(project));
  } catch {
    return undefined;
  }
}

/** The file the running server writes beside its data folder (data/server.json): its process id and port. */
export const runFileOf = (dataDir: string): string => path.join(path.dirname(path.resolve(dataDir)), 'server.json');

export interface RunInfo {
  readonly pid: number;
  readonly port: number;
}

/** The running server named by `file` (runFileOf), or undefined when none is running. */
export function runningServer(file: string): RunInfo | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as RunInfo;
    process.kill(info.pid, 0);
    return info;
  } catch {
    return undefined;
  }
}

/**
 * The settings a release's server and build are given on top of the `.env` files: the project
 * folder's shared paths, absolute (a release runs in its own folder). The build and the server get
 * the same, so a release built by the updater is current when it starts.
 */
export interface SharedSettings {
  readonly DATA_DIR: string;
  readonly BACKUP_DIR: string;
  readonly BUILDS_DIR: string;
  readonly LOG_DIR: string;
}

export function sharedSettings(env: Env, project: string): SharedSettings {
  const inProject = (dir: string) => path.resolve(project, dir);
  return {
    DATA_DIR: inProject(env.DATA_DIR),
    BACKUP_DIR: backupDirOf({
      DATA_DIR: inProject(env.DATA_DIR),
      BACKUP_DIR: env.BACKUP_DIR && inProject(env.BACKUP_DIR),
    }),
    BUILDS_DIR: inProject(env.BUILDS_DIR),
    LOG_DIR: env.LOG_DIR === JOURNAL ? JOURNAL : inProject(env.LOG_DIR),
  };
}

/** The command that serves `release` (its server/main.ts, which builds first when out/ is stale). */
export const releaseCommand = (release: string, args: readonly string[] = []): [string, string[]] => [
  path.join(release, 'node_modules/.bin/tsx'),
  [path.join(release, 'server/main.ts'), ...args],
];
