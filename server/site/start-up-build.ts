import { environmentBeforeFiles } from '@/lib/load-env';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '@/lib/env';
import type { PublicSession } from '@/lib/sessions/session';
import { sessionsDigest } from '@/lib/sessions/at-build';
import { settingsFingerprint } from '@/lib/site-build';
import type { OwnerLog } from '../platform/log';
import type { Store } from '../store/store';
import { buildReason, runBuild, runDeferredSteps, withSessionsFile } from './build';

/** What start-up decided about the site's build. */
export interface StartUpBuild {
  /** The folder `next build` writes (./out). */
  outDir: string;
  /** Why the site is built at start, if it is. */
  reason: string | undefined;
  /** Built as the first rebuild while the previous build is served (rebuilds on, a previous build there). */
  buildLater: boolean;
  /** Built before serving, the pre-compression and Open Graph images made once the site answers. */
  serveFirst: boolean;
}

/**
 * Builds the site when out/ is missing, stale or built with other settings (unless `noBuild`). The
 * pages list the service's upcoming sessions and intakes (for visitors without JavaScript): the
 * database is read first (`sessionsNow`), and out/ is built again when they changed since it was
 * built. With rebuilds on and a previous build to serve meanwhile, the start-up build is the first
 * rebuild (`buildLater`): the site answers at once, and an editor's save arriving meanwhile replaces
 * it. A failed build closes the store and rejects with why (the start then ends with one line in the log).
 */
export async function startUpBuild(opts: {
  env: Env;
  store: Store;
  log: OwnerLog;
  sessionsNow: () => Promise<PublicSession[]>;
  noBuild: boolean;
  buildOnly: boolean;
  trial: boolean;
}): Promise<StartUpBuild> {
  const { env, store, log, buildOnly, trial } = opts;
  const outDir = path.resolve('out');
  const atStart = await opts.sessionsNow();
  const reason = opts.noBuild ? undefined : buildReason(outDir, settingsFingerprint(env), sessionsDigest(atStart));
  const buildLater =
    Boolean(reason) && Boolean(env.REBUILD_SECRET) && !trial && !buildOnly && existsSync(path.join(outDir, '404.html'));
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
      await store.close();
      throw new Error(`the build failed (exit code ${code}): fix the error above and run npm start again`);
    }
  }
  return { outDir, reason, buildLater, serveFirst };
}

/** The steps a build served first left for later (compressed copies, Open Graph images), run on `folder` now. */
export function runDeferredBuildSteps(folder: string, log: OwnerLog): void {
  void runDeferredSteps(folder, environmentBeforeFiles).then((code) =>
    log(
      'build',
      code === 0
        ? `compressed copies and OG images made in ${folder}`
        : `the deferred steps failed (exit code ${code})`,
    ),
  );
}
