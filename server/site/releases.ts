/**
 * Releases (`npm run update`): each version of the site is installed and built in
 * releases/<commit>/ inside the project folder, and releases/current points at the one served. The
 * owner's files stay in the project folder, shared by every release and never copied into one:
 * `.env` and the content and media folders (linked into each release), the data, backups, builds
 * and logs (given to the release's server as absolute paths). `npm start` in the project folder
 * serves releases/current when there is one (server/start.ts), so an owner, systemd and the updater
 * all start the same thing.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '@/lib/env';
import { OWNER_CONTENT_DIR, OWNER_MEDIA_DIR } from '@/lib/owner/folders';
import { backupDirOf } from '../platform/backup';
import { JOURNAL } from '../platform/log';

export const releasesDir = (project: string): string => path.join(project, 'releases');
export const currentLink = (project: string): string => path.join(releasesDir(project), 'current');

/** The settings files a release reads, linked in from the project folder when it has them. */
const envFiles = ['.env', '.env.local', '.env.production', '.env.production.local'];

/** The owner's folders every release serves: their content and photos (lib/owner/folders.ts). */
const ownerFolders = [OWNER_CONTENT_DIR, OWNER_MEDIA_DIR];

/**
 * Links the owner's files into `release` from `project`: the `.env` files there are, and the
 * content and media folders, made in the project folder first when missing so that a build's first
 * seeding writes the owner's folder, never the release's. An update or a rollback then serves what
 * the owner put there, and removing a release removes only the links.
 */
export function linkOwnerFiles(project: string, release: string): void {
  for (const file of envFiles)
    if (existsSync(path.join(project, file))) symlinkSync(path.join(project, file), path.join(release, file));
  for (const folder of ownerFolders) {
    mkdirSync(path.join(project, folder), { recursive: true });
    symlinkSync(path.join(project, folder), path.join(release, folder));
  }
}

/** The folder releases/current points at, or undefined before the first update. */
export function currentRelease(project: string): string | undefined {
  try {
    return realpathSync(currentLink(project));
  } catch {
    return undefined;
  }
}

/**
 * The running server's record (its process id, port and data folder), named after the site's data
 * folder and kept beside it: data/pglite.server.json for data/pglite. Two sites whose data folders
 * share a parent (/srv/data/site and /srv/data/staging) each have their own.
 */
export const runFileOf = (dataDir: string): string => `${path.resolve(dataDir)}.server.json`;

/** Where versions before the record was named after the data folder wrote it: data/server.json, shared by every data folder in data/. */
export const earlierRunFileOf = (dataDir: string): string =>
  path.join(path.dirname(path.resolve(dataDir)), 'server.json');

export interface RunInfo {
  readonly pid: number;
  readonly port: number;
  /** The data folder it serves, absolute (absent from records written by earlier versions). */
  readonly dataDir?: string;
  /**
   * Whether it hands its listening socket to the version that replaces it (server/startup/hand-over.ts);
   * absent from records written by versions that cannot, which the updater replaces the earlier way.
   */
  readonly handsOver?: boolean;
  /** Whether a service manager runs it, starting it again whenever it stops (lib/service-socket.ts). */
  readonly byServiceManager?: boolean;
}

/** The record's fields when it is one (a positive process id and a port), else undefined. */
export function runInfoOf(value: unknown): RunInfo | undefined {
  const v = value as Partial<Record<keyof RunInfo, unknown>> | null;
  if (typeof v !== 'object' || v === null) return undefined;
  const { pid, port, dataDir, handsOver, byServiceManager } = v;
  if (!Number.isInteger(pid) || (pid as number) <= 0 || !Number.isInteger(port)) return undefined;
  return {
    pid: pid as number,
    port: port as number,
    ...(typeof dataDir === 'string' ? { dataDir } : {}),
    ...(handsOver === true ? { handsOver } : {}),
    ...(byServiceManager === true ? { byServiceManager } : {}),
  };
}

/** Where a site is: its project folder and its data folder (absolute). */
export interface SitePlace {
  readonly project: string;
  readonly dataDir: string;
}

/**
 * Whether process `pid` is a server of the site in `project`: on Linux (`proc`), its command line
 * runs server/main.ts (or server/start.ts, which runs it in its own process) and it runs in the project folder or one of its releases (releases/<commit>);
 * where there is no /proc, whether it exists at all.
 */
export function isSiteServer(pid: number, project: string, proc = '/proc'): boolean {
  if (!existsSync(path.join(proc, 'self'))) {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  }
  try {
    const command = readFileSync(path.join(proc, String(pid), 'cmdline'), 'utf8').split('\0');
    const scripts = [path.join('server', 'main.ts'), path.join('server', 'start.ts')];
    if (!command.some((arg) => scripts.some((script) => arg.endsWith(script)))) return false;
    const cwd = realpathSync(path.join(proc, String(pid), 'cwd'));
    const home = realpathSync(project);
    return cwd === home || path.dirname(cwd) === releasesDir(home);
  } catch {
    return false;
  }
}

/**
 * The running server the record `file` names, when it is this site's: the record is of the site's
 * data folder (when it says) and its process is this site's server (isSiteServer). Undefined when
 * none is running, the record is stale, or it names another site's process: nothing to stop.
 */
export function runningServer(file: string, site: SitePlace, proc = '/proc'): RunInfo | undefined {
  if (!existsSync(file)) return undefined;
  let info: RunInfo | undefined;
  try {
    info = runInfoOf(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return undefined;
  }
  if (!info) return undefined;
  if (info.dataDir !== undefined && path.resolve(info.dataDir) !== path.resolve(site.dataDir)) return undefined;
  return isSiteServer(info.pid, site.project, proc) ? info : undefined;
}

/** This site's running server, by its record (or the record an earlier version wrote), else undefined. */
export const siteServer = (site: SitePlace, proc = '/proc'): RunInfo | undefined =>
  runningServer(runFileOf(site.dataDir), site, proc) ?? runningServer(earlierRunFileOf(site.dataDir), site, proc);

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
  /** Set only when the owner set it: a relative folder is the project folder's, never the release's. */
  readonly BACKUP_COPY_TO?: string;
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
    ...(env.BACKUP_COPY_TO ? { BACKUP_COPY_TO: inProject(env.BACKUP_COPY_TO) } : {}),
  };
}

/** The command that serves `release` (its server/main.ts, which builds first when out/ is stale). */
export const releaseCommand = (release: string, args: readonly string[] = []): [string, string[]] => [
  path.join(release, 'node_modules/.bin/tsx'),
  [path.join(release, 'server/main.ts'), ...args],
];

/** Keeps the releases named in `keepNames` (the current and the previous); removes the older ones (git worktrees). */
export function pruneReleases(project: string, keepNames: readonly string[]): void {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  for (const line of git('worktree', 'list', '--porcelain').split('\n')) {
    const folder = line.startsWith('worktree ') ? line.slice(9) : '';
    if (path.dirname(folder) === releasesDir(project) && !keepNames.includes(path.basename(folder)))
      git('worktree', 'remove', '--force', folder);
  }
}

/**
 * Copies `from`'s build cache (Next.js's compiled modules, the drawn social cards, the compressed
 * copies) into `to`, when it has one: a build there then redoes only what changed, as in `from`.
 */
export function copyBuildCache(from: string, to: string): void {
  const cache = path.join(from, '.next', 'cache');
  if (existsSync(cache)) cpSync(cache, path.join(to, '.next', 'cache'), { recursive: true });
}
