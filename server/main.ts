/**
 * `npm start`: builds the site when out/ is missing or stale, then serves it with the submissions
 * service on one port. `npm run serve` (--no-build) serves what is there.
 */
import { serve } from '@hono/node-server';
import path from 'node:path';
import { EnvError, getEnv, type Env } from '@/lib/env';
import { inboxForms } from '@/lib/forms/registry';
import { dashboardPath, exportFileOf } from '@/lib/routes';
import { getStudio } from '@/lib/studio';
import { adminSocketPath, listenAdminSocket } from './admin';
import { createApp } from './app';
import { needsBuild, runBuild } from './build';
import { DailyScheduler, type DailyJob } from './jobs';
import { startNotifications } from './notify';
import { npmBuild, RebuildCoordinator, SiteFolders } from './rebuild';
import { sessionService } from './sessions';
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
  const outDir = path.resolve('out');
  if (!process.argv.includes('--no-build') && needsBuild(outDir)) {
    console.log('Building the site (out/ is missing or older than the sources)…');
    const code = await runBuild();
    if (code !== 0) {
      console.error('The build failed; fix the error above and run npm start again.');
      process.exit(code);
    }
  }

  const where = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${env.DATA_DIR}`;
  console.log(`Opening ${where}…`);
  const store = await openStore({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }).catch((error: unknown) => {
    console.error(`Could not open ${where}: ${describeError(error)}`);
    process.exit(1);
  });

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
        build: npmBuild(),
        nextFolder: () => folders.nextFolder(),
        activate: (folder) => folders.activate(folder),
      }),
    };
  }

  const dashboard = dashboardPath(getStudio().slug);
  // Masterclass sessions and course intakes, their seats and the registrants' links.
  const sessions = await sessionService({ store, siteUrl: env.SITE_URL });
  // issue 11: e-mail to the studio for each submission and claim; `npm run staff` while running.
  // Registrants hear from the site (confirmation, invitation, reminders) with SMTP_URL and a sender.
  const notifications = await startNotifications(
    store,
    env.SMTP_URL && (env.NOTIFY_TO || env.NOTIFY_FROM)
      ? {
          smtpUrl: env.SMTP_URL,
          to: env.NOTIFY_TO,
          from: env.NOTIFY_FROM,
          dashboardUrl: `${env.SITE_URL}${dashboard}`,
          tables: workspaceTables(inboxForms),
          registrants: { links: sessions.links, studio: getStudio(), siteUrl: env.SITE_URL },
        }
      : undefined,
  );
  // Work done once a day across every instance (each job adds itself to this list).
  const dailyJobs: DailyJob[] = [];
  const scheduler = new DailyScheduler({ db: store.db, jobs: dailyJobs });
  scheduler.start();
  const adminSocket = env.DATABASE_URL
    ? undefined
    : await listenAdminSocket(store, adminSocketPath(path.resolve(env.DATA_DIR)));
  const app = createApp({
    site: {
      root: siteRoot,
      analytics: Boolean(env.GTM_ID),
      fallbackPage: (pathname) => (pathname.startsWith(`${dashboard}/`) ? exportFileOf(dashboard) : undefined),
    },
    service: {
      store,
      inboxForms,
      sessionTtlHours: env.SESSION_TTL_HOURS,
      rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
      trustProxy: env.TRUST_PROXY,
      trustedProxies: env.TRUSTED_PROXIES,
      allowedOrigins: [new URL(env.SITE_URL).origin, ...env.ALLOWED_ORIGINS],
      rebuild,
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
