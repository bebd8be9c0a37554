/**
 * `npm run update`: a backup, the new version (the branch's upstream, fetched) installed and built
 * in releases/<commit>/ (serving the owner's .env, content and photos, linked in), tried on a copy
 * of the data on a spare port, then switched to (scripts/update-switch.ts) on the port the running
 * server serves on, as its record says (data/pglite.server.json, once checked to be this site's
 * server): without systemd the running server hands its listening socket to the new one, which
 * takes over with no connection refused; under systemd the running one is stopped (SIGTERM) and the
 * service starts the new one (Restart=always). A version
 * that fails any step is never switched to; the running one keeps serving and one line says why.
 * `npm run update -- --rollback`: back to the previous version's code on the data as it is (what
 * came in since the update stays); refused when the version serving changed the database's schema
 * beyond what the previous one knows. See docs/deploying-and-operating.md "Updating the site".
 */
import { environmentBeforeFiles } from '@/lib/load-env';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { type Env, EnvError, getEnv, logDirSetting } from '@/lib/env';
import { backupDirOf, manualBackupName } from '@/server/platform/backup';
import { ledgerFileOf } from '@/server/privacy/erasure-ledger';
import { logFolderOf, ownerLog } from '@/server/platform/log';
import { openPrivate, privateFolder, writePrivate } from '@/server/platform/private-files';
import {
  copyBuildCache,
  currentRelease,
  linkOwnerFiles,
  pruneReleases,
  releaseCommand,
  releasesDir,
  sharedSettings,
} from '@/server/site/releases';
import {
  type CodeVersion,
  migrationsOf,
  readState,
  rollbackRefusal,
  stateFileOf,
  switchRecorded,
} from '@/server/site/release-state';
import { publicSessions } from '@/server/sessions/public-sessions';
import { openStore } from '@/server/store/store';
import { buildReason, withSessionsFile } from '@/server/site/build';
import { isPublicSession, type PublicSession } from '@/lib/sessions/session';
import { sessionsDigest } from '@/lib/sessions/at-build';
import { settingsFingerprint } from '@/lib/site-build';
import { alive, healthy, run, sparePort, until } from './update-processes';
import {
  folderOf,
  nameOf as nameInReleases,
  runningServer,
  serverEnv,
  sitePort,
  type SwitchedSite,
  switchTo,
} from './update-switch';

/**
 * The settings; a bad one ends the update before anything is touched, in one line naming it (on
 * standard error and in the owner's log, at LOG_DIR when that setting is readable).
 */
function settingsOrStop(): Env {
  try {
    return getEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    const line = `Update refused: ${error.problems.join('; ')} (set in .env or the environment: fix it, then run the update again). Nothing was touched.`;
    console.error(line);
    ownerLog(logFolderOf(logDirSetting()), () => undefined)('update', line);
    process.exit(1);
  }
}

const project = process.cwd();
const env = settingsOrStop();
const shared = sharedSettings(env, project);
const log = ownerLog(logFolderOf(shared.LOG_DIR));
const releases = releasesDir(project);
const stateFile = stateFileOf(project);

/** A step that failed: its one-line reason. */
class Refused extends Error {}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

const short = (commit: string) => commit.slice(0, 7);
const seconds = (since: number) => `${Math.round((Date.now() - since) / 1000)} s`;

const baseEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...environmentBeforeFiles,
  ...shared,
  NEXT_TELEMETRY_DISABLED: '1',
  ...extra,
});

const site: SwitchedSite = { project, shared, settingsPort: env.PORT, logs: logFolderOf(shared.LOG_DIR) ?? releases };
const running = () => runningServer(site);
const nameOf = (folder: string) => nameInReleases(project, folder);

/** The code in `folder`, as the rollback rule reads it: its commit and the migrations it carries. */
const codeVersion = (folder: string): CodeVersion => ({
  commit: short(git(folder, 'rev-parse', 'HEAD')),
  migrations: migrationsOf(folder),
});

/** A consistent backup by the project's own command (through the running server when it holds the data). */
async function backup(logFile: string): Promise<string> {
  const file = path.join(shared.BACKUP_DIR, manualBackupName(new Date()));
  const code = await run('npm', ['run', '--silent', 'db:backup', '--', file], {
    cwd: project,
    env: baseEnv(),
    logFile,
  });
  if (code !== 0) throw new Refused(`the backup failed (see ${path.relative(project, logFile)})`);
  log('backup', `${path.basename(file)} written before the update`);
  return file;
}

/** Installs, builds and tries `commit` in releases/<commit>/; throws Refused with the reason. */
async function prepare(commit: string, running: string, backupFile: string, logFile: string): Promise<string> {
  const release = path.join(releases, commit);
  if (existsSync(release)) git(project, 'worktree', 'remove', '--force', release);
  git(project, 'worktree', 'add', '--detach', release, commit);
  linkOwnerFiles(project, release);
  // Said before anything migrates (with PostgreSQL the trial below migrates the database itself).
  const noWayBack = rollbackRefusal(codeVersion(release), codeVersion(running));
  if (noWayBack)
    log(
      'update',
      `Once version ${short(commit)} serves, a rollback to ${short(git(running, 'rev-parse', 'HEAD'))} is not possible: ${noWayBack}.`,
    );

  // Dependencies: hard links to the running release's when the lock file is the same, else npm ci.
  const lock = (folder: string) => readFileSync(path.join(folder, 'package-lock.json'), 'utf8');
  if (existsSync(path.join(running, 'node_modules')) && lock(running) === lock(release))
    execFileSync('cp', ['-al', path.join(running, 'node_modules'), path.join(release, 'node_modules')]);
  else if ((await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: release, env: baseEnv(), logFile })) !== 0)
    throw new Refused(`npm ci failed (see ${path.relative(project, logFile)})`);

  // The running release's build cache (Next.js's compiled modules, the drawn social cards, the
  // compressed copies), copied: Next.js reuses it for the code that did not change. Measured on a
  // two-core machine, a build of the same code took 21 s with it and 80 s without.
  copyBuildCache(running, release);

  // A copy of the data for the trial (the embedded database allows one process at a time);
  // with PostgreSQL the trial uses the database itself, and its migrations are applied there.
  const trial = path.join(releases, `${commit}.trial`);
  rmSync(trial, { recursive: true, force: true });
  const trialData = { DATA_DIR: path.join(trial, 'data'), BACKUP_DIR: path.join(trial, 'backups') };
  if (!env.DATABASE_URL) {
    // The trial's copy takes the studio's erasure ledger too, so the erased stay erased in it.
    const ledger = ledgerFileOf(backupDirOf(env));
    mkdirSync(trialData.BACKUP_DIR, { recursive: true, mode: 0o700 });
    if (existsSync(ledger)) copyFileSync(ledger, ledgerFileOf(trialData.BACKUP_DIR));
    const restore = ['run', '--silent', 'db:restore', '--', backupFile];
    if ((await run('npm', restore, { cwd: project, env: baseEnv(trialData), logFile })) !== 0)
      throw new Refused(`the backup could not be restored for the trial (see ${path.relative(project, logFile)})`);
  }

  // The build, given the sessions as the server would give them.
  const built = Date.now();
  const store = await openStore({ databaseUrl: env.DATABASE_URL, dataDir: trialData.DATA_DIR });
  const sessions = await publicSessions(store.db, new Date()).finally(() => store.close());
  const code = await withSessionsFile(sessions, (given) =>
    run('npm', ['run', 'build'], { cwd: release, env: baseEnv(given), logFile }),
  );
  if (code !== 0) throw new Refused(`the build failed (see ${path.relative(project, logFile)})`);
  log('build', `version ${short(commit)} built in ${seconds(built)}`);

  // The trial: the new server on a spare port, on the copy, must answer its health check and pages.
  const port = await sparePort();
  const [command, args] = releaseCommand(release, ['--no-build', '--trial']);
  const out = openPrivate(logFile, 'a');
  const child: ChildProcess = spawn(command, args, {
    cwd: release,
    env: baseEnv({ ...trialData, PORT: String(port), HOST: '127.0.0.1', LOG_DIR: 'journal' }),
    stdio: ['ignore', out, out],
    detached: true,
  });
  closeSync(out);
  try {
    if (!(await healthy(port, 120_000)))
      throw new Refused(
        `the new version did not answer its health check on port ${port} (see ${path.relative(project, logFile)})`,
      );
    for (const page of ['/', '/contact/']) {
      const res = await fetch(`http://127.0.0.1:${port}${page}`);
      if (!res.ok) throw new Refused(`the new version answered ${page} with ${res.status}`);
    }
  } finally {
    try {
      process.kill(-(child.pid ?? 0), 'SIGTERM');
    } catch {
      // already gone
    }
    await until(async () => (child.exitCode === null && child.signalCode === null ? undefined : true), 15_000);
    rmSync(trial, { recursive: true, force: true });
  }
  return release;
}

async function update(): Promise<void> {
  const running = currentRelease(project) ?? project;
  const from = git(running, 'rev-parse', 'HEAD');
  git(project, 'fetch', '--quiet');
  const target = git(project, 'rev-parse', '@{upstream}');
  if (target === from) {
    console.log(`Already up to date: version ${short(from)}.`);
    return;
  }
  const started = Date.now();
  const logFile = path.join(releases, `${target}.log`);
  rmSync(logFile, { force: true });
  console.log(`Updating from ${short(from)} to ${short(target)} (details in ${path.relative(project, logFile)})…`);
  log('update', `from ${short(from)} to ${short(target)} started`);
  let release: string;
  let backupFile: string;
  try {
    backupFile = await backup(logFile);
    release = await prepare(target, running, backupFile, logFile);
  } catch (error) {
    const reason = (error as Error).message;
    if (existsSync(path.join(releases, target)))
      git(project, 'worktree', 'remove', '--force', path.join(releases, target));
    const line = `Update to ${short(target)} refused: ${reason}; version ${short(from)} keeps serving.`;
    log('update', line);
    process.exitCode = 1;
    return;
  } finally {
    // The copy of the data the trial served is never kept.
    rmSync(path.join(releases, `${target}.trial`), { recursive: true, force: true });
  }
  // The release serving now is recorded before the switch starts: a rollback finds it whenever this stops.
  if (!(await switchRecorded(stateFile, { previous: nameOf(running) }, () => switchTo(site, release, running)))) {
    const line = `Update to ${short(target)} refused: it did not start on the site's data (see ${path.relative(project, logFile)}); version ${short(from)} is serving again.`;
    log('update', line);
    process.exitCode = 1;
    return;
  }
  pruneReleases(project, [nameOf(release), nameOf(running)]);
  const line = `Updated from ${short(from)} to ${short(target)} in ${seconds(started)} (backup ${path.basename(backupFile)}).`;
  log('update', line);
}

/** The sessions the running server lists (GET /api/sessions, the answer a build is handed), or undefined. */
async function servedSessions(): Promise<PublicSession[] | undefined> {
  try {
    const res = await fetch(`http://127.0.0.1:${sitePort(site)}/api/sessions`);
    const { sessions } = (await res.json()) as { sessions?: unknown };
    return res.ok && Array.isArray(sessions) && sessions.every(isPublicSession) ? sessions : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Builds `folder`'s pages again while the running version still serves, when they are stale for
 * it: the owner's content or photos changed since they were built (or the settings, or the
 * sessions the service lists). Its start then finds them current and serves at once instead of
 * building with the site down. Without a running server there is nothing to keep serving: its
 * start builds. Resolves false when the build failed.
 */
async function buildWhileServing(folder: string, version: string, logFile: string): Promise<boolean> {
  const sessions = running() ? await servedSessions() : undefined;
  if (!sessions) return true;
  const reason = buildReason(path.join(folder, 'out'), settingsFingerprint(env), sessionsDigest(sessions), folder);
  if (!reason) return true;
  const built = Date.now();
  const buildEnv = { ...serverEnv(site, folder), NEXT_TELEMETRY_DISABLED: '1' };
  const code = await withSessionsFile(sessions, (given) =>
    run('npm', ['run', 'build'], { cwd: folder, env: { ...buildEnv, ...given }, logFile }),
  );
  if (code === 0) log('build', `version ${version} built again in ${seconds(built)} (${reason})`);
  return code === 0;
}

/**
 * Back to the release that served before the last update, on the data as it is: nothing is
 * restored (putting data back to a backup is only ever `npm run db:restore`). Refused, with nothing
 * touched, when the version serving carries migrations the previous one does not know.
 */
async function rollback(): Promise<void> {
  const state = readState(stateFile);
  if (!state) throw new Refused('there is no previous version to go back to');
  const running = currentRelease(project) ?? project;
  const previous = folderOf(project, state.previous);
  if (!existsSync(path.join(previous, 'package.json'))) throw new Refused(`${previous} is gone`);
  if (realpathSync(previous) === realpathSync(running)) {
    // The last update stopped before its switch: the release before it still serves.
    rmSync(stateFile, { force: true });
    log(
      'update',
      `Version ${codeVersion(running).commit} already serves (the last update stopped before it switched).`,
    );
    return;
  }
  const [serving, back] = [codeVersion(running), codeVersion(previous)];
  const refusal = rollbackRefusal(serving, back);
  if (refusal) throw new Refused(`${refusal}; version ${serving.commit} keeps serving, nothing was changed`);
  const started = Date.now();
  const logFile = path.join(releases, 'rollback.log');
  rmSync(logFile, { force: true });
  console.log(`Rolling back from ${serving.commit} to ${back.commit} (details in ${path.relative(project, logFile)})…`);
  if (!(await buildWhileServing(previous, back.commit, logFile)))
    throw new Refused(
      `the build of version ${back.commit} failed (see ${path.relative(project, logFile)}); version ${serving.commit} keeps serving`,
    );
  if (!(await switchTo(site, previous, running)))
    throw new Refused(
      `version ${back.commit} did not start (see ${path.relative(project, logFile)}); version ${serving.commit} is serving again`,
    );
  rmSync(stateFile, { force: true });
  log(
    'update',
    `Rolled back from ${serving.commit} to ${back.commit} in ${seconds(started)}; the data is as it was (nothing restored: what came in since the update stays).`,
  );
}

/** One update at a time: a lock file naming this process (owner-only, in the owner-only releases folder). */
function locked(): boolean {
  const lockFile = path.join(privateFolder(releases), 'update.lock');
  try {
    writePrivate(lockFile, String(process.pid), 'wx');
  } catch {
    const holder = Number(readFileSync(lockFile, 'utf8'));
    if (alive(holder)) return false;
    writePrivate(lockFile, String(process.pid), 'w');
  }
  process.on('exit', () => rmSync(lockFile, { force: true }));
  return true;
}

const unknownArgument = process.argv.slice(2).find((arg) => arg !== '--rollback');
if (unknownArgument) {
  console.error(`Unknown argument ${unknownArgument}. Usage: npm run update [-- --rollback]`);
  process.exitCode = 1;
} else if (!locked()) {
  console.error('Another update is running.');
  process.exitCode = 1;
} else {
  const rollingBack = process.argv.includes('--rollback');
  (rollingBack ? rollback() : update()).catch((error: unknown) => {
    const what = !rollingBack ? 'Update stopped' : error instanceof Refused ? 'Rollback refused' : 'Rollback stopped';
    const line = `${what}: ${(error as Error).message}`;
    log('update', line);
    process.exitCode = 1;
  });
}
