/**
 * `npm run check:launch`: the launch check without building. Lists every placeholder that a public
 * build would ship (and a loopback SITE_URL), and pages already built in out/ with other prices than
 * the service charges, one line per item; exits 1 when the list is not empty.
 */
import '@/lib/load-env';
import path from 'node:path';
import { EnvError, parseEnv, processEnvironment } from '@/lib/env';
import { launchProblems } from '@/lib/launch';
import { priceMismatches } from '@/lib/site-build';
import { servedSiteBuild } from '@/server/site/served-build';
import { leftoverEmbeddedDatabase } from '@/server/store/pglite';
import { contentLaunchProblems } from './launch-content';

try {
  const leftover = leftoverEmbeddedDatabase(parseEnv(processEnvironment()));
  if (leftover) console.warn(leftover);
  const built = servedSiteBuild(() => path.resolve('out'))();
  const problems = [
    ...launchProblems(parseEnv(processEnvironment())),
    ...contentLaunchProblems(),
    ...(built ? priceMismatches(built.prices) : []),
  ];
  if (problems.length > 0) {
    console.error(`Not ready to launch (${problems.length}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log('Ready to launch: no placeholder would ship.');
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
