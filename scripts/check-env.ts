/**
 * Runs before every build (npm run build → prebuild). Fails early, with one line per bad variable,
 * when the configuration is invalid; and, for a public SITE_URL (not loopback), with one line per
 * placeholder that would go live (the launch check, lib/launch.ts). Reads .env files as Next does.
 */
import '@/lib/load-env';
import { EnvError, parseEnv } from '@/lib/env';
import { calendarProblems } from '@/lib/calendar';
import { isLoopbackSite, launchProblems } from '@/lib/launch';
import { contentLaunchProblems } from './launch-content';

try {
  const env = parseEnv(process.env);
  const calendar = calendarProblems(env);
  if (calendar.length > 0) throw new EnvError(calendar);
  const problems = isLoopbackSite(env.SITE_URL) ? [] : [...launchProblems(env), ...contentLaunchProblems()];
  if (problems.length > 0) {
    console.error(
      `Not ready to launch: a build for ${env.SITE_URL} would ship placeholders. Set these (see .env.example), or build with a loopback SITE_URL for local use:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
    process.exit(1);
  }
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
