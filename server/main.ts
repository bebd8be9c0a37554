/**
 * `npm start`: builds the site when out/ is missing, stale or built with other settings, then serves
 * it with the submissions service on one port. `npm run serve` (--no-build) serves what is there.
 * `.env` files are read first, as `next build` reads them (lib/load-env.ts).
 */
import { environmentBeforeFiles, loadedEnvFiles } from '@/lib/load-env';
import { serve } from '@hono/node-server';
import path from 'node:path';
import { takeMasterclassSessionsFrom } from '@/lib/calendar';
import { EnvError, getEnv, settingsFingerprint, type Env } from '@/lib/env';
import { inboxForms } from '@/lib/forms/registry';
import { dashboardPath, exportFileOf } from '@/lib/routes';
import { sessionsDigest } from '@/lib/sessions/at-build';
import { SITE_BUILD_FILE, siteBuildOf as fallbackSiteBuild } from '@/lib/site-build';
import { adminSocketPath, listenAdminSocket } from './admin';
import { createApp } from './app';
import { backupDirOf, dailyBackupJob } from './backup';
import { buildReason, givenSessions, runBuild, withSessionsFile } from './build';
import { DailyScheduler, type DailyJob } from './jobs';
import { countersFor, SignInBrake } from './limits';
import { startNotifications } from './notify';
import { ledgerFileOf } from './erasure-ledger';
import { startPrivacy, retentionJob } from './privacy';
import { visitorMail } from './privacy-mail';
import { getStudio } from '@/lib/studio';
import { mailBuildMessages, npmBuild, RebuildCoordinator, SiteFolders, sqlBuildLedger } from './rebuild';
import { dailyRebuild } from './daily-rebuild';
import { servedSiteBuild } from './site-build';
import { publicSessions, sessionService } from './sessions';
import { describeError } from './store/pglite';
import { workspaceTables } from './staff-api';
import { openStore } from './store/store';

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

async function main(): Promise<void> {
  const env = readEnv();
  if (loadedEnvFiles.length > 0) console.log(`Settings from ${loadedEnvFiles.join(', ')} and the environment`);
  const where = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${env.DATA_DIR}`;
  console.log(`Opening ${where}…`);
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
  if (reason) {
    console.log(`Building the site (${reason})…`);
    // The build reads the .env files itself, as `npm run build` would.
    const code = await withSessionsFile(atStart, (given) => runBuild({ ...environmentBeforeFiles, ...given }));
    if (code !== 0) {
      console.error('The build failed; fix the error above and run npm start again.');
      await store.close();
      process.exit(code);
    }
  }

  // Visitors' personal data: the notice version each submission records; erasures applied again
  // (a database restored from an older backup brings erased people back).
  const erasureLedger = ledgerFileOf(backupDirOf(env));
  const reErased = await startPrivacy(store, erasureLedger);
  if (reErased > 0) console.log(`Erasures applied again to ${reErased} restored record(s).`);

  // With the rebuild webhook on, the site is served from builds/<id>/ (never from ./out, which
  // `next build` empties while it runs) and a finished build is swapped in with one assignment.
  let siteRoot = () => outDir;
  let rebuild: { secret: string; coordinator: RebuildCoordinator } | undefined;
  if (env.REBUILD_SECRET) {
    const folders = new SiteFolders(path.resolve(env.BUILDS_DIR));
    await folders.init(outDir);
    await store.abandonRunningBuilds();
    siteRoot = () => folders.current();
    rebuild = {
      secret: env.REBUILD_SECRET,
      coordinator: new RebuildCoordinator({
        store,
        // One build at a time across every instance on the database.
        ledger: sqlBuildLedger(store.db),
        // A rebuild reads the .env files afresh, as a build started by hand would, and is given
        // the sessions as they are when it starts.
        build: givenSessions(sessionsNow, (given) => npmBuild({ env: { ...environmentBeforeFiles, ...given } })),
        nextFolder: () => folders.nextFolder(),
        activate: (folder) => folders.activate(folder),
        // A failed build, or one that left items out, is e-mailed to the studio too.
        tell:
          env.SMTP_URL && env.NOTIFY_TO
            ? mailBuildMessages({ smtpUrl: env.SMTP_URL, to: env.NOTIFY_TO, from: env.NOTIFY_FROM })
            : undefined,
      }),
    };
    // Picks up a request left by an instance that died mid-build, and another instance's new build.
    const coordinator = rebuild.coordinator;
    setInterval(() => void coordinator.resume().catch(() => undefined), 15_000).unref();
  }

  // What the pages were built with (sessions, the studio's identity, addresses), from the folder
  // served, also after a rebuild swaps it: never a second reading of the environment.
  const siteBuild = servedSiteBuild(siteRoot);
  const builtWith = () => siteBuild() ?? fallbackSiteBuild(env);
  if (!siteBuild())
    console.warn(`${siteRoot()} has no ${SITE_BUILD_FILE}: run npm run build; using the current settings meanwhile.`);
  takeMasterclassSessionsFrom(() => builtWith().masterclassSessions);
  const built = builtWith();
  const dashboard = dashboardPath(built.studio.slug);
  // Masterclass sessions and course intakes, their seats and the registrants' links.
  const sessions = await sessionService({ store, siteUrl: env.SITE_URL });
  // E-mail to the studio for each submission and claim; `npm run staff` while running.
  // Registrants hear from the site (confirmation, invitation, reminders) with SMTP_URL and a sender.
  const notifications = await startNotifications(
    store,
    env.SMTP_URL && (env.NOTIFY_TO || env.NOTIFY_FROM)
      ? {
          smtpUrl: env.SMTP_URL,
          to: env.NOTIFY_TO,
          from: env.NOTIFY_FROM,
          dashboardUrl: `${built.serviceUrl ?? built.siteUrl}${dashboard}`,
          tables: workspaceTables(inboxForms),
          registrants: { links: sessions.links, studio: getStudio(), siteUrl: env.SITE_URL },
        }
      : undefined,
  );
  // Work done once a day across every instance (each job adds itself to this list).
  const dailyJobs: DailyJob[] = [];
  // The site rebuilt once a day, so dated content (news, sessions) is as current as the day.
  if (rebuild) dailyJobs.push(dailyRebuild(rebuild.coordinator, store));
  dailyJobs.push(dailyBackupJob(store.db, backupDirOf(env)));
  dailyJobs.push(retentionJob(store, env.RETENTION_DAYS));
  const scheduler = new DailyScheduler({ db: store.db, jobs: dailyJobs });
  scheduler.start();
  // The sign-in brake, shared with `npm run staff -- locked | unlock` through the admin socket.
  const brake = new SignInBrake({ counters: countersFor(store.db) });
  const adminSocket = env.DATABASE_URL
    ? undefined
    : await listenAdminSocket(store, adminSocketPath(path.resolve(env.DATA_DIR)), brake);
  // The privacy contact, named in every form's notice and the "Your data" e-mails.
  const { grievance } = getStudio(env);
  const app = createApp({
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
      privacy: {
        siteUrl: env.SITE_URL,
        studioName: built.studio.name,
        grievance,
        mail: visitorMail({ smtpUrl: env.SMTP_URL, from: env.NOTIFY_FROM, fallbackFrom: grievance.email }),
        erasureLedger,
      },
      sessions,
    },
  });
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
    console.log(`Site ready at http://${host}:${info.port}`);
  });

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    adminSocket?.close();
    void notifications?.stop();
    void scheduler.stop();
    server.close(() => {
      store.close().finally(() => process.exit(0));
    });
    setTimeout(() => {
      store.close().finally(() => process.exit(0));
    }, 5000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
