/**
 * `npm run check:launch`: the launch check without building. Lists every placeholder that a public
 * build would ship (and a loopback SITE_URL), and pages already built in out/ with other prices than
 * the service charges, one line per item; exits 1 when the list is not empty. `npm run launch`
 * (scripts/launch.ts) runs the same check before it opens the site.
 */
import '@/lib/load-env';
import path from 'node:path';
import { type Env, EnvError, parseEnv, processEnvironment } from '@/lib/env';
import { launchProblems } from '@/lib/launch';
import { priceMismatches } from '@/lib/site-build';
import { servedSiteBuild } from '@/server/site/served-build';
import { leftoverEmbeddedDatabase } from '@/server/store/pglite';
import { contentLaunchProblems } from './launch-content';

/** The launch check's lines for the project in the working folder, with `env` its settings. */
export function launchCheck(env: Env): string[] {
  const built = servedSiteBuild(() => path.resolve('out'))();
  return [...launchProblems(env), ...contentLaunchProblems(), ...(built ? priceMismatches(built.prices) : [])];
}

/** The check's report: the list and its count, or that nothing would ship a placeholder. */
export function launchReport(problems: readonly string[]): string {
  return problems.length > 0
    ? `Not ready to launch (${problems.length}):\n${problems.map((p) => `  - ${p}`).join('\n')}`
    : 'Ready to launch: no placeholder would ship.';
}

if (require.main === module) {
  try {
    const env = parseEnv(processEnvironment());
    const leftover = leftoverEmbeddedDatabase(env);
    if (leftover) console.warn(leftover);
    const problems = launchCheck(env);
    if (problems.length > 0) {
      console.error(launchReport(problems));
      process.exit(1);
    }
    console.log(launchReport(problems));
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
