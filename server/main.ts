/**
 * The server (`npm start` runs it through server/start.ts): builds the site when out/ is missing,
 * stale or built with other settings, then serves it with the submissions service on one port.
 * `npm run serve` (--no-build) serves what is there. `.env` files are read first, as `next build`
 * reads them (lib/load-env.ts). While it runs, server.json in its folder names its process and port
 * (for `npm run update`), and GET /api/health answers once the database answers. `--trial` (the
 * updater's check of a new version on a copy of the data): no e-mail, daily jobs, rebuilds or
 * server.json. `--after PID` (the updater's switch): takes the port as soon as process PID (the
 * version serving) lets go of it, and holds the requests it gets until that process has stopped and
 * this one has opened the database: requests wait a moment instead of being refused.
 * `--build-only` (deploy/install.sh): builds when out/ is stale, then exits.
 */
import { environmentBeforeFiles, loadedEnvFiles } from '@/lib/load-env';
import { createAdaptorServer, type ServerType } from '@hono/node-server';
import { execFileSync } from 'node:child_process';
import { existsSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EnvError, getEnv, type Env } from '@/lib/env';
import { inboxForms } from '@/lib/forms/registry';
import { exportFileOf } from '@/lib/routes';
import { dashboardPath } from '@/lib/dashboard/views';
import { sessionsDigest } from '@/lib/sessions/at-build';
import {
  priceMismatches,
  SITE_BUILD_FILE,
  settingsFingerprint,
  siteBuildOf as fallbackSiteBuild,
} from '@/lib/site-build';
import { adminSocketPath, listenAdminSocket } from './platform/admin';
import { createApp } from './app';
import { backupDirOf, dailyBackupJob } from './platform/backup';
import { buildReason, givenSessions, runBuild, runDeferredSteps, withSessionsFile } from './site/build';
import { DailyScheduler, type DailyJob } from './platform/jobs';
import { countersFor, SignInBrake } from './platform/limits';
import { startNotifications } from './notify';
import { ensureLedger, ledgerFileOf } from './privacy/erasure-ledger';
import { overdueRequestsJob, startPrivacy, retentionJob } from './privacy/privacy';
import { getStudio } from '@/lib/studio';
import { type BuildStandby, buildStandby } from './site/build-standby';
import { contentBuild, mailBuildMessages, RebuildCoordinator, SiteFolders, sqlBuildLedger } from './site/rebuild';
import { dailyRebuild, replaceableBuild, START_UP_REASON } from './site/daily-rebuild';
import { servedSiteBuild } from './site/served-build';
import { logFolderOf, ownerLog, type OwnerLog } from './platform/log';
import { photoPrep } from './site/photo-prep';
import type { RebuildHook } from './site/builds';
import { cmsClientOptions } from '@/lib/cms/transport';
import { IMAGE_PATHS } from '@/lib/images/manifest';
import { runFileOf } from './site/releases';
import { publicSessions, sessionService } from './sessions/sessions';
import { describeError, leftoverEmbeddedDatabase } from './store/pglite';
import { workspaceTables } from './forms/staff-api';
import { openStore } from './store/store';

/** How often each instance looks for unanswered waitlist offers and seats freed by expired holds. */
const WAITLIST_CHECK_MS = 5 * 60_000;

function readEnv(): Env {
  try {
    return getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
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

/**
 * GET /api/health: 200 once the database answers a query (its migrations are applied at open), with
 * `warnings`: what the studio must put right while the site runs (pages built with other prices).
 */
async function health(
  db: { query: (sql: string) => Promise<unknown> },
  commit: string,
  warnings: readonly string[],
): Promise<Response> {
  try {
    await db.query('SELECT 1');
    return Response.json({ ok: true, version: commit, warnings });
  } catch {
    return Response.json({ ok: false, version: commit, warnings }, { status: 503 });
  }
}

/** Resolves once process `pid` no longer exists. */
async function untilStopped(pid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Listens on `port`; while the port is still taken and `retryMs` has not passed, tries again. */
function listen(server: ServerType, port: number, host: string, retryMs: number): Promise<void> {
  const deadline = Date.now() + retryMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const failed = (error: NodeJS.ErrnoException) => {
        if (error.code === 'EADDRINUSE' && Date.now() < deadline) setTimeout(attempt, 10);
        else reject(error);
      };
      server.once('error', failed);
      server.listen(port, host, () => {
        server.off('error', failed);
        resolve();
      });
    };
    attempt();
  });
}

/**
 * What answers a request: `bindings` are the Node adapter's (the incoming request and its socket),
 * which the service reads the client's address from (rate limits, the sign-in brake).
 */
type Handler = (request: Request, bindings: unknown) => Response | Promise<Response>;

async function main(): Promise<void> {
  const env = readEnv();
  const log: OwnerLog = ownerLog(logFolderOf(env.LOG_DIR));
  const commit = version();
  const trial = process.argv.includes('--trial');
  if (loadedEnvFiles.length > 0) console.log(`Settings from ${loadedEnvFiles.join(', ')} and the environment`);
  const where = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${env.DATA_DIR}`;
  // The port is taken before the site is ready, and requests wait for it (below).
  let handle: (handler: Handler) => void = () => undefined;
  const handler = new Promise<Handler>((resolve) => (handle = resolve));
  // `hostname`: the address a request without a Host header (HTTP/1.0, a proxy's health check) is read against.
  const server = createAdaptorServer({
    fetch: async (request: Request, bindings: unknown) => (await handler)(request, bindings),
    hostname: env.HOST,
  });
  const after = process.argv.includes('--after') ? Number(process.argv[process.argv.indexOf('--after') + 1]) : 0;
  const listening = after > 0 ? listen(server, env.PORT, env.HOST, 120_000) : undefined;
  if (after > 0) {
    console.log(`Waiting for process ${after} to stop…`);
    await untilStopped(after);
  }
  console.log(`Opening ${where}…`);
  const leftover = leftoverEmbeddedDatabase(env);
  if (leftover) console.warn(leftover);
  const store = await openStore({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }).catch((error: unknown) => {
    console.error(`Could not open ${where}: ${describeError(error)}`);
    process.exit(1);
  });

  const outDir = path.resolve('out');
  // The pages list the service's upcoming sessions and intakes (for visitors without JavaScript):
  // the database is read first, and out/ is built again when they changed since it was built.
  const sessionsNow = () => publicSessions(store.db, new Date());
  const atStart = await sessionsNow();
  const reason = process.argv.includes('--no-build')
    ? undefined
    : buildReason(outDir, settingsFingerprint(env), sessionsDigest(atStart));
  const buildOnly = process.argv.includes('--build-only');
  // With rebuilds on and a previous build to serve meanwhile, the start-up build is the first
  // rebuild: the site answers at once, and an editor's save arriving meanwhile replaces it.
  const buildLater =
    Boolean(reason) && Boolean(env.REBUILD_SECRET) && !trial && !buildOnly && existsSync(path.join(outDir, '404.html'));
  // Otherwise served first: the pre-compression and Open Graph images are made once the site answers.
  const serveFirst = Boolean(reason) && !buildOnly && !buildLater;
  if (reason && !buildLater) {
    log('build', `building the site (${reason})`);
    const buildStarted = Date.now();
    // The build reads the .env files itself, as `npm run build` would.
    const code = await withSessionsFile(atStart, (given) =>
      runBuild({ ...environmentBeforeFiles, ...given }, serveFirst),
    );
    const seconds = Math.round((Date.now() - buildStarted) / 1000);
    log('build', code === 0 ? `built in ${seconds} s` : `failed after ${seconds} s (exit code ${code})`);
    if (code !== 0) {
      console.error('The build failed; fix the error above and run npm start again.');
      await store.close();
      process.exit(code);
    }
  }

  if (buildOnly) {
    await store.close();
    return;
  }

  // Visitors' personal data: the notice version each submission records; erasures applied again
  // (a database restored from an older backup brings erased people back).
  const erasureLedger = ledgerFileOf(backupDirOf(env));
  ensureLedger(erasureLedger);
  const reErased = await startPrivacy(store, erasureLedger);
  if (reErased > 0) console.log(`Erasures applied again to ${reErased} restored record(s).`);

  // With the rebuild webhook on, the site is served from builds/<id>/ (never from ./out, which
  // `next build` empties while it runs) and a finished build is swapped in with one assignment.
  let siteRoot = () => outDir;
  // What the pages were built with (sessions, the studio's identity, addresses, prices), from the
  // folder served, also after a rebuild swaps it: never a second reading of the environment.
  const siteBuild = servedSiteBuild(() => siteRoot());
  const builtWith = () => siteBuild() ?? fallbackSiteBuild(env);
  // Pages built with other prices than the service charges (content/prices.ts): said at start, after
  // each swap of the served folder, in /api/health and by npm run check:launch.
  const priceWarnings = () => priceMismatches(builtWith().prices);
  const logPriceWarnings = () => {
    for (const line of priceWarnings()) log('build', line);
  };
  let rebuild: RebuildHook | undefined;
  let standby: BuildStandby | undefined;
  if (env.REBUILD_SECRET && !trial) {
    const folders = new SiteFolders(path.resolve(env.BUILDS_DIR));
    await folders.init(outDir);
    await store.abandonRunningBuilds();
    siteRoot = () => folders.current();
    // A photo an editor uploads to WordPress is encoded into the build's image cache at once.
    const photos = env.CMS_URL
      ? photoPrep({
          cms: cmsClientOptions(env, env.CMS_URL),
          cacheDir: path.resolve(IMAGE_PATHS.cacheDir),
          log: (line) => log('build', line),
        })
      : undefined;
    // A content rebuild waits started ahead for the next save: one from the start (below), and
    // another as each build ends.
    standby = buildStandby(process.cwd(), () => ({ ...environmentBeforeFiles }));
    const contentRebuild = givenSessions(sessionsNow, (given) =>
      contentBuild({ env: { ...environmentBeforeFiles, ...given }, standby }),
    );
    rebuild = {
      secret: env.REBUILD_SECRET,
      photos,
      coordinator: new RebuildCoordinator({
        store,
        // One build at a time across every instance on the database.
        ledger: sqlBuildLedger(store.db),
        // A rebuild reads the .env files afresh, as a build started by hand would, and is given
        // the sessions as they are when it starts. A build waits for the photos being prepared here,
        // which it would otherwise encode itself.
        build: async (folder, stop) => {
          await photos?.settled();
          return contentRebuild(folder, stop);
        },
        nextFolder: () => folders.nextFolder(),
        activate: async (folder) => {
          await folders.activate(folder);
          logPriceWarnings();
        },
        // A failed build, or one that left items out, is e-mailed to the studio too.
        tell:
          env.SMTP_URL && env.NOTIFY_TO
            ? mailBuildMessages({ smtpUrl: env.SMTP_URL, to: env.NOTIFY_TO, from: env.NOTIFY_FROM })
            : undefined,
        // An editor's save never waits for the daily or start-up build, on any instance: it stops it
        // and builds with its reasons too.
        replaceable: replaceableBuild,
      }),
    };
    // Picks up a request left by an instance that died mid-build, and another instance's new build.
    const coordinator = rebuild.coordinator;
    if (buildLater) {
      log('build', `serving the previous build while the site is built again (${reason})`);
      void coordinator.trigger(`${START_UP_REASON} (${reason})`);
    }
    setInterval(() => void coordinator.resume().catch(() => undefined), 15_000).unref();
  }

  if (!siteBuild())
    console.warn(`${siteRoot()} has no ${SITE_BUILD_FILE}: run npm run build; using the current settings meanwhile.`);
  logPriceWarnings();
  const built = builtWith();
  const dashboard = dashboardPath(built.studio.slug);
  // Masterclass sessions and course intakes, their seats and the registrants' links.
  const sessions = await sessionService({
    store,
    siteUrl: env.SITE_URL,
    buildStarts: () => builtWith().masterclassSessions,
    offerHours: env.WAITLIST_OFFER_HOURS,
  });
  // Waitlists: unanswered offers pass on, and seats freed by expired holds are offered (every instance
  // checks; each offer is made once, under its session's row lock).
  if (!trial) {
    setInterval(
      () =>
        void sessions.passOnOffers(new Date()).catch((error) => log('job', `waitlist check failed: ${String(error)}`)),
      WAITLIST_CHECK_MS,
    ).unref();
  }
  // The privacy contact, named in every form's notice and the "Your data" e-mails.
  const { grievance } = getStudio(env);
  // E-mail to the studio for each submission, claim and data request; `npm run staff` while running.
  // Registrants hear from the site (confirmation, invitation, reminders) with SMTP_URL and a sender;
  // visitors get their "Your data" links and answers with SMTP_URL.
  const notifications = await startNotifications(
    store,
    !trial && env.SMTP_URL
      ? {
          smtpUrl: env.SMTP_URL,
          to: env.NOTIFY_TO,
          from: env.NOTIFY_FROM,
          dashboardUrl: `${built.serviceUrl ?? built.siteUrl}${dashboard}`,
          tables: workspaceTables(inboxForms),
          registrants: { links: sessions.links, tickets: sessions.tickets, studio: getStudio(), siteUrl: env.SITE_URL },
          privacy: { siteUrl: env.SITE_URL, studioName: built.studio.name, grievance },
        }
      : undefined,
  );
  // Work done once a day across every instance (each job adds itself to this list).
  const dailyJobs: DailyJob[] = [];
  // The site rebuilt once a day, so dated content (news, sessions) is as current as the day.
  // Not needed on the day the site served was built (its record's time: a server started with a fresh build).
  const servedBuiltAt = () => {
    try {
      return statSync(path.join(siteRoot(), SITE_BUILD_FILE)).mtimeMs;
    } catch {
      return undefined;
    }
  };
  if (rebuild) dailyJobs.push(dailyRebuild(rebuild.coordinator, store, servedBuiltAt));
  dailyJobs.push(
    dailyBackupJob(
      store.db,
      backupDirOf(env),
      undefined,
      env.BACKUP_COPY_TO ? { to: env.BACKUP_COPY_TO, ledger: erasureLedger } : undefined,
    ),
  );
  dailyJobs.push(retentionJob(store, env.RETENTION_DAYS), overdueRequestsJob(store));
  const scheduler = new DailyScheduler({ db: store.db, jobs: dailyJobs, log: (line) => log('job', line) });
  if (!trial) scheduler.start();
  // The sign-in brake, shared with `npm run staff -- locked | unlock` through the admin socket.
  const brake = new SignInBrake({ counters: countersFor(store.db) });
  const adminSocket = env.DATABASE_URL
    ? undefined
    : await listenAdminSocket(store, adminSocketPath(path.resolve(env.DATA_DIR)), brake);
  const app = createApp({
    log,
    site: {
      root: siteRoot,
      analytics: built.analytics,
      fallbackPage: (pathname) => {
        const current = dashboardPath(builtWith().studio.slug);
        return pathname.startsWith(`${current}/`) ? exportFileOf(current) : undefined;
      },
    },
    service: {
      store,
      inboxForms,
      sessionTtlHours: env.SESSION_TTL_HOURS,
      rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
      trustProxy: env.TRUST_PROXY,
      trustedProxies: env.TRUSTED_PROXIES,
      allowedOrigins: [new URL(built.siteUrl).origin, ...env.ALLOWED_ORIGINS],
      rebuild,
      brake,
      backupDir: backupDirOf(env),
      siteWarnings: priceWarnings,
      privacy: {
        siteUrl: env.SITE_URL,
        studioName: built.studio.name,
        grievance,
        emailOn: Boolean(env.SMTP_URL),
        erasureLedger,
      },
      sessions,
    },
  });
  handle((request, bindings) =>
    new URL(request.url).pathname === '/api/health'
      ? health(store.db, commit, priceWarnings())
      : app.fetch(request, bindings),
  );
  await (listening ?? listen(server, env.PORT, env.HOST, 0));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const runFile = runFileOf(env.DATA_DIR);
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  if (!trial) writeFileSync(runFile, JSON.stringify({ pid: process.pid, port }), { mode: 0o600 }); // owner-only, like the data beside it
  log('start', `version ${commit} serving on port ${port} (process ${process.pid})`);
  console.log(`Site ready at http://${host}:${port}`);
  // The first save after a start takes it too.
  standby?.prepare();
  if (serveFirst) {
    const folder = siteRoot();
    void runDeferredSteps(folder, environmentBeforeFiles).then((code) =>
      log(
        'build',
        code === 0
          ? `compressed copies and OG images made in ${folder}`
          : `the deferred steps failed (exit code ${code})`,
      ),
    );
  }

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log('stop', `version ${commit} stopping (${signal})`);
    if (!trial) rmSync(runFile, { force: true });
    adminSocket?.close();
    standby?.close();
    void notifications?.stop();
    void scheduler.stop();
    server.close(() => {
      store.close().finally(() => process.exit(0));
    });
    // Keep-alive connections between two requests are closed too, so the close ends with the last answer.
    if ('closeIdleConnections' in server) setInterval(() => server.closeIdleConnections(), 50).unref();
    setTimeout(() => {
      store.close().finally(() => process.exit(0));
    }, 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

void main();
