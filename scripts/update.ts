/**
 * `npm run update`: a backup, the new version (the branch's upstream, fetched) installed and built
 * in releases/<commit>/, tried on a copy of the data on a spare port, then switched to: the running
 * server is told to stop (SIGTERM, by the process id in its record, data/pglite.server.json, once
 * checked to be this site's server) and the new one starts on the site's port, by systemd
 * (Restart=always) or by this command. A version that fails any step is
 * never switched to; the running one keeps serving and one line says why.
 * `npm run update -- --rollback`: back to the previous version and the backup taken before it was
 * left (the data folder as it was is kept beside, renamed). See README "Updates".
 */
import { environmentBeforeFiles } from '@/lib/load-env';
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { getEnv } from '@/lib/env';
import { backupDirOf, manualBackupName } from '@/server/platform/backup';
import { ledgerFileOf } from '@/server/privacy/erasure-ledger';
import { logFolderOf, ownerLog } from '@/server/platform/log';
import {
  currentLink,
  currentRelease,
  releaseCommand,
  releasesDir,
  sharedSettings,
  siteServer,
} from '@/server/site/releases';
import { publicSessions } from '@/server/sessions/public-sessions';
import { openStore } from '@/server/store/store';
import { withSessionsFile } from '@/server/site/build';
import { alive, healthy, run, sparePort, stopServer, supervised, until } from './update-processes';

const project = process.cwd();
const env = getEnv();
const shared = sharedSettings(env, project);
const log = ownerLog(logFolderOf(shared.LOG_DIR));
const releases = releasesDir(project);
const stateFile = path.join(releases, 'state.json');
const envFiles = ['.env', '.env.local', '.env.production', '.env.production.local'];

/** What the last switch left behind, for --rollback. */
interface State {
  /** The release served before (a folder name in releases/, or `.` for the project folder). */
  previous: string;
  /** The backup taken just before the switch. */
  backup: string;
}

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

/** This site's running server: the one its record names, checked to be this site's (never another's). */
const running = () => siteServer({ project, dataDir: shared.DATA_DIR });

/**
 * Starts `folder`'s server in the background, as `npm start` there would, its output in
 * logs/server-output.log; with `after`, it loads and then waits for that process to stop (see
 * server/main.ts). Resolves with its process id once it has loaded, or undefined when it exited.
 */
async function startDetached(folder: string, after?: number): Promise<number | undefined> {
  const logs = logFolderOf(shared.LOG_DIR) ?? releases;
  mkdirSync(logs, { recursive: true });
  const outFile = path.join(logs, 'server-output.log');
  const out = openSync(outFile, 'w');
  const [command, args] = releaseCommand(folder, after ? ['--after', String(after)] : []);
  // The project folder's own code runs as `npm start` there runs it: without the shared paths (server/start.ts).
  const childEnv = folder === project ? environmentBeforeFiles : baseEnv();
  const child = spawn(command, args, { cwd: folder, env: childEnv, stdio: ['ignore', out, out], detached: true });
  child.unref();
  closeSync(out);
  const loaded = after ? 'Waiting for process' : 'Opening';
  const started = await until(async () => {
    if (child.exitCode !== null) return false;
    return readFileSync(outFile, 'utf8').includes(loaded) ? true : undefined;
  }, 120_000);
  return started ? child.pid : undefined;
}

/** Stops a process group started by startDetached. */
function stopGroup(pid: number | undefined): void {
  // No process id: nothing was started (group 0 would be this command's own).
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

/** Points releases/current at `name` (a release folder's name, or `.`: the project folder) in one rename. */
function pointCurrentAt(name: string): void {
  const link = currentLink(project);
  if (name === '.') {
    rmSync(link, { force: true });
    return;
  }
  rmSync(`${link}.new`, { force: true });
  symlinkSync(name, `${link}.new`);
  renameSync(`${link}.new`, link);
}

const nameOf = (folder: string) => (folder === project ? '.' : path.basename(folder));
const folderOf = (name: string) => (name === '.' ? project : path.join(releases, name));

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

/**
 * Switches from the running server to `target`'s: stops the old one, runs `between` (with no
 * server on the data), then the new one starts (systemd restarts the service; otherwise this
 * command starts it) and must answer its health check; else the old one is started again.
 */
async function switchTo(target: string, from: string, between?: () => void): Promise<boolean> {
  const server = running();
  const bySystemd = server !== undefined && supervised(server.pid);
  // Without systemd (and nothing to do in between) the new server is started first and waits,
  // loaded, for the old one to stop: the switch then costs only the opening of the database.
  const preload = server !== undefined && !bySystemd && !between;
  const waiting = preload ? await startDetached(target, server.pid) : undefined;
  if (preload && waiting === undefined) return false;
  pointCurrentAt(nameOf(target));
  if (server) await stopServer(server);
  between?.();
  const started = bySystemd ? undefined : (waiting ?? (await startDetached(target)));
  const expected = git(target, 'rev-parse', '--short', 'HEAD');
  if ((await healthy(env.PORT, 120_000)) === expected) return true;
  // The new version did not come up on the real data: back to the one that served.
  pointCurrentAt(nameOf(from));
  const failed = running();
  if (failed) await stopServer(failed);
  stopGroup(started);
  if (!bySystemd) await startDetached(from);
  await healthy(env.PORT, 120_000);
  return false;
}

/** Installs, builds and tries `commit` in releases/<commit>/; throws Refused with the reason. */
async function prepare(commit: string, running: string, backupFile: string, logFile: string): Promise<string> {
  const release = path.join(releases, commit);
  if (existsSync(release)) git(project, 'worktree', 'remove', '--force', release);
  git(project, 'worktree', 'add', '--detach', release, commit);
  for (const file of envFiles)
    if (existsSync(path.join(project, file))) symlinkSync(path.join(project, file), path.join(release, file));

  // Dependencies: hard links to the running release's when the lock file is the same, else npm ci.
  const lock = (folder: string) => readFileSync(path.join(folder, 'package-lock.json'), 'utf8');
  if (existsSync(path.join(running, 'node_modules')) && lock(running) === lock(release))
    execFileSync('cp', ['-al', path.join(running, 'node_modules'), path.join(release, 'node_modules')]);
  else if ((await run('npm', ['ci', '--no-audit', '--no-fund'], { cwd: release, env: baseEnv(), logFile })) !== 0)
    throw new Refused(`npm ci failed (see ${path.relative(project, logFile)})`);

  // The running release's build cache (Next.js's compiled modules, the drawn social cards, the
  // compressed copies), copied: Next.js reuses it for the code that did not change. Measured on a
  // two-core machine, a build of the same code took 21 s with it and 80 s without.
  const cache = path.join(running, '.next', 'cache');
  if (existsSync(cache)) cpSync(cache, path.join(release, '.next', 'cache'), { recursive: true });

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
  const out = openSync(logFile, 'a');
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

/** Keeps the current and previous releases (and their logs); removes older ones. */
function prune(keepNames: readonly string[]): void {
  for (const line of git(project, 'worktree', 'list', '--porcelain').split('\n')) {
    const folder = line.startsWith('worktree ') ? line.slice(9) : '';
    if (path.dirname(folder) === releases && !keepNames.includes(path.basename(folder)))
      git(project, 'worktree', 'remove', '--force', folder);
  }
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
  const state: State = { previous: nameOf(running), backup: backupFile };
  if (!(await switchTo(release, running))) {
    const line = `Update to ${short(target)} refused: it did not start on the site's data (see ${path.relative(project, logFile)}); version ${short(from)} is serving again.`;
    log('update', line);
    process.exitCode = 1;
    return;
  }
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
  prune([nameOf(release), state.previous]);
  const line = `Updated from ${short(from)} to ${short(target)} in ${seconds(started)} (backup ${path.basename(backupFile)}).`;
  log('update', line);
}

async function rollback(): Promise<void> {
  if (!existsSync(stateFile)) throw new Refused('there is no previous version to go back to');
  const state = JSON.parse(readFileSync(stateFile, 'utf8')) as State;
  const running = currentRelease(project) ?? project;
  const previous = folderOf(state.previous);
  if (!existsSync(path.join(previous, 'package.json'))) throw new Refused(`${previous} is gone`);
  const logFile = path.join(releases, 'rollback.log');
  rmSync(logFile, { force: true });
  // The backup is restored into a new folder while the site still serves, and takes the data
  // folder's place while no server runs; the data as it was stays beside it.
  const restored = `${shared.DATA_DIR}.rollback`;
  const setAside = `${shared.DATA_DIR}.before-rollback-${new Date().toISOString().replaceAll(':', '-')}`;
  if (!env.DATABASE_URL) {
    rmSync(restored, { recursive: true, force: true });
    const restore = ['run', '--silent', 'db:restore', '--', state.backup];
    const code = await run('npm', restore, { cwd: project, env: baseEnv({ DATA_DIR: restored }), logFile });
    if (code !== 0)
      throw new Refused(`the backup ${state.backup} could not be restored (see ${path.relative(project, logFile)})`);
  }
  const swapData = () => {
    if (env.DATABASE_URL) return;
    renameSync(shared.DATA_DIR, setAside);
    renameSync(restored, shared.DATA_DIR);
  };
  if (!(await switchTo(previous, running, swapData))) throw new Refused(`version ${state.previous} did not start`);
  rmSync(stateFile);
  const line = `Rolled back to ${short(git(previous, 'rev-parse', 'HEAD'))} with the backup ${path.basename(state.backup)}${
    env.DATABASE_URL
      ? ' (PostgreSQL: restore it by hand with npm run db:restore into an empty database)'
      : `; the data before it is in ${setAside}`
  }.`;
  log('update', line);
}

/** One update at a time: a lock file naming this process. */
function locked(): boolean {
  mkdirSync(releases, { recursive: true });
  const lockFile = path.join(releases, 'update.lock');
  try {
    writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number(readFileSync(lockFile, 'utf8'));
    if (alive(holder)) return false;
    writeFileSync(lockFile, String(process.pid));
  }
  process.on('exit', () => rmSync(lockFile, { force: true }));
  return true;
}

if (!locked()) {
  console.error('Another update is running.');
  process.exitCode = 1;
} else {
  (process.argv.includes('--rollback') ? rollback() : update()).catch((error: unknown) => {
    const line = `Update stopped: ${(error as Error).message}`;
    log('update', line);
    process.exitCode = 1;
  });
}
