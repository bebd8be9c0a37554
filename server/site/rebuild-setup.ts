import { environmentBeforeFiles } from '@/lib/load-env';
import path from 'node:path';
import type { Env } from '@/lib/env';
import type { PublicSession } from '@/lib/sessions/session';
import { cmsClientOptions } from '@/lib/cms/transport';
import { IMAGE_PATHS } from '@/lib/images/manifest';
import type { OwnerLog } from '../platform/log';
import type { Store } from '../store/store';
import { givenSessions } from './build';
import { type BuildStandby, buildStandby } from './build-standby';
import { mailBuildMessages } from './build-mail';
import { sqlBuildLedger } from './build-ledger';
import type { RebuildHook } from './builds';
import { contentBuild } from './content-build';
import { replaceableBuild, START_UP_REASON } from './daily-rebuild';
import { photoPrep } from './photo-prep';
import { RebuildCoordinator } from './rebuild';
import type { ServedSite } from './served-site';
import { SiteFolders } from './site-folders';
import type { StartUpBuild } from './start-up-build';

/** The rebuild webhook's machinery, once started: the hook the routes use and the build waiting started ahead. */
export interface Rebuilds {
  hook: RebuildHook;
  standby: BuildStandby;
}

/**
 * Turns the rebuild webhook on: the site is served from builds/<id>/ (never from ./out, which
 * `next build` empties while it runs) and a finished build is swapped in with one assignment. The
 * start-up build, when `startUp` put it off, runs as the first rebuild.
 */
export async function startRebuilds(opts: {
  /** REBUILD_SECRET: what the webhook's caller must send. */
  secret: string;
  env: Env;
  store: Store;
  log: OwnerLog;
  site: ServedSite;
  startUp: StartUpBuild;
  sessionsNow: () => Promise<PublicSession[]>;
}): Promise<Rebuilds> {
  const { env, store, log, site, startUp } = opts;
  const folders = new SiteFolders(path.resolve(env.BUILDS_DIR));
  await folders.init(startUp.outDir);
  await store.abandonRunningBuilds();
  site.serveFrom(() => folders.current());
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
  const standby = buildStandby(process.cwd(), () => ({ ...environmentBeforeFiles }));
  const contentRebuild = givenSessions(opts.sessionsNow, (given) =>
    contentBuild({ env: { ...environmentBeforeFiles, ...given }, standby }),
  );
  const coordinator = new RebuildCoordinator({
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
      site.logPriceWarnings();
    },
    // A failed build, or one that left items out, is e-mailed to the studio too.
    tell:
      env.SMTP_URL && env.NOTIFY_TO
        ? mailBuildMessages({ smtpUrl: env.SMTP_URL, to: env.NOTIFY_TO, from: env.NOTIFY_FROM })
        : undefined,
    // An editor's save never waits for the daily or start-up build, on any instance: it stops it
    // and builds with its reasons too.
    replaceable: replaceableBuild,
  });
  if (startUp.buildLater) {
    log('build', `serving the previous build while the site is built again (${startUp.reason})`);
    // A database gone at that moment costs the start-up build (the daily rebuild makes it), never the server.
    void coordinator
      .trigger(`${START_UP_REASON} (${startUp.reason})`)
      .catch((error: unknown) => log('build', `the start-up build could not be queued: ${String(error)}`));
  }
  // Picks up a request left by an instance that died mid-build, and another instance's new build.
  setInterval(() => void coordinator.resume().catch(() => undefined), 15_000).unref();
  return { hook: { secret: opts.secret, photos, coordinator }, standby };
}
