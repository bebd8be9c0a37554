/**
 * The server (`npm start` runs it through server/start.ts): builds the site when out/ is missing,
 * stale or built with other settings, then serves it with the submissions service on one port.
 * `npm run serve` (--no-build) serves what is there. `.env` files are read first, as `next build`
 * reads them (lib/load-env.ts). While it runs, server.json in its folder names its process and port
 * (for `npm run update`), and GET /api/health answers once the database answers. `--trial` (the
 * updater's check of a new version on a copy of the data): no e-mail, daily jobs, rebuilds or
 * server.json. `--after PID` (the updater's switch): takes the port as soon as process PID (the
 * version serving) lets go of it, and holds the requests it gets until that process has stopped and
 * this one has opened the database: requests wait a moment instead of being refused. With
 * `--port-fd 3` (the switch by hand-over, server/startup/hand-over.ts) it accepts at once on the
 * socket the version serving started it with, beside that version until it stops. Under systemd
 * it serves on the socket systemd holds for the site (lib/service-socket.ts), passed to
 * it directly or through server/start.ts (`--port-fd 3 --service-managed`).
 * `--build-only` (deploy/install.sh): builds when out/ is stale, then exits. A start that fails ends
 * with one line in the owner's log saying why (server/startup/start-failure.ts), and exit code 1.
 */
import { loadedEnvFiles } from '@/lib/load-env';
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { EnvError, getEnv, logDirSetting, type Env } from '@/lib/env';
import { adminSocketPath, listenAdminSocket } from './platform/admin';
import { backupDirOf } from './platform/backup';
import { countersFor } from './platform/counters';
import { SignInBrake } from './platform/sign-in-brake';
import { logFolderOf, type OwnerLog, ownerLog } from './platform/log';
import { ensureLedger, ledgerFileOf } from './privacy/erasure-ledger';
import { startPrivacy } from './privacy/privacy';
import { publicSessions } from './sessions/public-sessions';
import { sessionService } from './sessions/sessions';
import { startRebuilds } from './site/rebuild-setup';
import { checkServedSite, servedSite } from './site/served-site';
import { runDeferredBuildSteps, startUpBuild } from './site/start-up-build';
import { acceptHandOvers } from './startup/hand-over';
import { announce, type Port, stopOnSignals, takePort, untilStopped } from './startup/listener';
import { startMail } from './startup/mail';
import { passedSocket } from '@/lib/service-socket';
import { checkBookingHolds, checkWaitlists, scheduleDailyJobs } from './startup/scheduled-work';
import { startFailureReason } from './startup/start-failure';
import { pagesOnlyHandler, serviceHandler } from './startup/service-handler';
import { storageProbeMs } from './store/availability';
import { isStorageUnavailable } from './store/db';
import { describeError, leftoverEmbeddedDatabase } from './store/pglite';
import { openStore, type Store } from './store/store';

/** The settings; a bad one ends the start with its message, and a line in the log (at LOG_DIR when it is readable). */
function readEnv(): Env {
  try {
    return getEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    ownerLog(logFolderOf(logDirSetting()), () => undefined)('start', `failed: ${error.message}`);
    process.exit(1);
  }
}

/** The commit of the code running, for the log (a short hash, or `unknown` outside git). */
function version(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    return 'unknown';
  }
}

/** The command line's choices (see the top of this file). */
function runOptions(argv: readonly string[]) {
  return {
    trial: argv.includes('--trial'),
    after: argv.includes('--after') ? Number(argv[argv.indexOf('--after') + 1]) : 0,
    portFd: argv.includes('--port-fd') ? Number(argv[argv.indexOf('--port-fd') + 1]) : undefined,
    noBuild: argv.includes('--no-build'),
    buildOnly: argv.includes('--build-only'),
    /** Started by server/start.ts with the socket a service manager passed it (as `--port-fd`). */
    managed: argv.includes('--service-managed'),
  };
}

const whereOf = (env: Env) =>
  env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${env.DATA_DIR}`;

/** Opens the store with its outages logged to the owner's log. */
const openLogged = (env: Env, log: OwnerLog) =>
  openStore({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, log: (line) => log('storage', line) });

/** Why the database could not be opened, as the error that ends the start. */
function cannotOpen(env: Env, error: unknown): never {
  throw new Error(`Could not open ${whereOf(env)}: ${describeError(error)}`);
}

/** Says which database is being opened, and warns of an embedded one a move to PostgreSQL left behind. */
function announceOpening(env: Env): void {
  console.log(`Opening ${whereOf(env)}…`);
  const leftover = leftoverEmbeddedDatabase(env);
  if (leftover) console.warn(leftover);
}

/** Opens the database (embedded, or PostgreSQL with DATABASE_URL); rejects with why when it cannot. */
async function openStoreOrExit(env: Env, log: OwnerLog): Promise<Store> {
  announceOpening(env);
  return openLogged(env, log).catch((error: unknown) => cannotOpen(env, error));
}

/**
 * Opens PostgreSQL; while it is unavailable (down, restarting, unreachable), the site's pages are
 * served meanwhile (forms and GET /api/health answer 503 with Retry-After), server.json names this
 * process, a stop signal ends it, and the database is tried again every few seconds. Resolves once
 * it is open; any other failure (a wrong password, a migration refused) rejects with why.
 */
async function openPostgresServingPagesMeanwhile(
  env: Env,
  port: Port,
  log: OwnerLog,
  run: { commit: string; byServiceManager: boolean },
): Promise<Store> {
  const { commit, byServiceManager } = run;
  announceOpening(env);
  let failure: unknown;
  try {
    return await openLogged(env, log);
  } catch (error) {
    if (!isStorageUnavailable(error)) cannotOpen(env, error);
    failure = error;
  }
  const since = Date.now();
  log(
    'storage',
    `storage unavailable at start: ${describeError(failure)} (pages are served, forms answer 503 until it is back; trying again every ${storageProbeMs / 1000} s)`,
  );
  const away = failure instanceof Error ? failure : new Error(String(failure));
  port.handle(pagesOnlyHandler({ site: servedSite(env, path.resolve('out'), log), log, storageAway: away }));
  const runFile = await announce(port, { env, trial: false, commit, log, what: 'the pages alone', byServiceManager });
  const stop = (signal: NodeJS.Signals) => {
    log('stop', `version ${commit} stopping (${signal}) while the database was unavailable`);
    rmSync(runFile, { force: true });
    process.exit(0);
  };
  process.once('SIGTERM', stop).once('SIGINT', stop);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, storageProbeMs));
    try {
      const store = await openLogged(env, log);
      process.off('SIGTERM', stop).off('SIGINT', stop);
      log(
        'storage',
        `storage available again after ${Math.round((Date.now() - since) / 1000)} s; starting the service`,
      );
      return store;
    } catch (error) {
      if (!isStorageUnavailable(error)) cannotOpen(env, error);
    }
  }
}

/**
 * Visitors' personal data: the notice version each submission records; erasures applied again (a
 * database restored from an older backup brings erased people back). Resolves with the erasure ledger's file.
 */
async function applyErasures(env: Env, store: Store): Promise<string> {
  const erasureLedger = ledgerFileOf(backupDirOf(env));
  ensureLedger(erasureLedger);
  const reErased = await startPrivacy(store, erasureLedger);
  if (reErased > 0) console.log(`Erasures applied again to ${reErased} restored record(s).`);
  return erasureLedger;
}

async function main(env: Env, log: OwnerLog, commit: string): Promise<void> {
  const { trial, after, portFd, noBuild, buildOnly, managed } = runOptions(process.argv);
  if (loadedEnvFiles.length > 0) console.log(`Settings from ${loadedEnvFiles.join(', ')} and the environment`);
  // Under systemd the port is its socket's (deploy/studio-site.socket), open between two runs.
  const managerSocket = passedSocket(process.env, process.pid);
  // Passed systemd's socket, it is run by systemd, which starts it again whenever it stops (not
  // INVOCATION_ID, which a process started from any service's shell, a CI runner's say, inherits).
  const byServiceManager = managed || managerSocket !== undefined;
  // The port is taken before the site is ready, and requests wait for it (below).
  const port = takePort(env, { after, fd: portFd ?? managerSocket });
  if (after > 0) {
    // Handed the socket, it accepts beside the version serving before it says it waits (the updater then stops that one).
    if (portFd !== undefined) await port.listening();
    console.log(`Waiting for process ${after} to stop (this is process ${process.pid})…`);
    await untilStopped(after);
  }
  // On PostgreSQL the pages serve while the database is away; the embedded one is a folder, and a
  // trial or a build must have it.
  const store =
    env.DATABASE_URL && !trial && !buildOnly
      ? await openPostgresServingPagesMeanwhile(env, port, log, { commit, byServiceManager })
      : await openStoreOrExit(env, log);
  const sessionsNow = () => publicSessions(store.db, new Date());
  const startUp = await startUpBuild({ env, store, log, sessionsNow, noBuild, buildOnly, trial });
  if (buildOnly) {
    await store.close();
    return;
  }
  const erasureLedger = await applyErasures(env, store);
  const site = servedSite(env, startUp.outDir, log);
  const secret = env.REBUILD_SECRET;
  const rebuilds =
    secret && !trial ? await startRebuilds({ secret, env, store, log, site, startUp, sessionsNow }) : undefined;
  checkServedSite(site);
  const built = site.builtWith();
  // Masterclass sessions and course intakes, their seats and the registrants' links.
  const sessions = await sessionService({
    store,
    siteUrl: env.SITE_URL,
    offerHours: env.WAITLIST_OFFER_HOURS,
    offerClosesMinutes: env.WAITLIST_OFFER_CLOSES_MINUTES,
    checkInOpensMinutes: env.CHECK_IN_OPENS_MINUTES,
  });
  if (!trial) checkWaitlists(sessions, log);
  if (!trial) checkBookingHolds(store, log);
  const notifications = await startMail({ env, store, built, sessions, trial, log });
  const rebuild = rebuilds?.hook;
  const scheduler = scheduleDailyJobs({ env, store, log, rebuild, siteRoot: site.root, erasureLedger, trial });
  // The sign-in brake, shared with `npm run staff -- locked | unlock` through the admin socket.
  const brake = new SignInBrake({ counters: countersFor(store.db) });
  const adminSocket = env.DATABASE_URL
    ? undefined
    : await listenAdminSocket(store, adminSocketPath(path.resolve(env.DATA_DIR)), brake);
  port.handle(serviceHandler({ env, store, log, commit, site, built, rebuild, brake, sessions, erasureLedger }));
  // A service manager starts the next version itself (a server this one started would be stopped with it).
  const handsOver = !trial && !byServiceManager;
  if (handsOver) acceptHandOvers({ server: port.server, dataDir: env.DATA_DIR, log });
  const runFile = await announce(port, { env, trial, commit, log, handsOver, byServiceManager });
  // The first save after a start takes the build started ahead too.
  rebuilds?.standby.prepare();
  if (startUp.serveFirst) runDeferredBuildSteps(site.root(), log);
  stopOnSignals({
    port,
    store,
    log,
    commit,
    trial,
    runFile,
    closers: [
      () => adminSocket?.close(),
      () => rebuilds?.standby.close(),
      () => void notifications?.stop(),
      () => void scheduler.stop(),
    ],
  });
}

const env = readEnv();
const log = ownerLog(logFolderOf(env.LOG_DIR));
const commit = version();
main(env, log, commit).catch((error: unknown) => {
  log('start', `version ${commit} failed: ${startFailureReason(error, env)}`);
  process.exit(1);
});
