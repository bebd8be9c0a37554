/**
 * `npm run check:launch`: the launch check without building. Lists every placeholder that a public
 * build would ship (and a loopback SITE_URL), one line per item; exits 1 when the list is not empty.
 */
import '@/lib/load-env';
import { EnvError, parseEnv, processEnvironment } from '@/lib/env';
import { launchProblems } from '@/lib/launch';
import { leftoverEmbeddedDatabase } from '@/server/store/pglite';
import { contentLaunchProblems } from './launch-content';

try {
  const leftover = leftoverEmbeddedDatabase(parseEnv(processEnvironment()));
  if (leftover) console.warn(leftover);
  const problems = [...launchProblems(parseEnv(processEnvironment())), ...contentLaunchProblems()];
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
