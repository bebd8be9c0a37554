/**
 * Runs before every build (npm run build → prebuild), twice. First, before the WordPress pull: fails
 * early, with one line per bad variable, when the configuration is invalid, and, for a public
 * SITE_URL (not loopback) of a launched site, with one line per placeholder of the studio's identity
 * that would go live (the launch check, lib/launch.ts); in preview (SITE_LAUNCHED=no) the list is a
 * warning, its count and how to see it, printed after the pull. Then with `--content`, after the pull: the same checks
 * and, for a public SITE_URL, one line per placeholder image or name of the content just pulled
 * (never the previous pull's), naming the WordPress screen or the owner's file that replaces it (a
 * content rebuild runs only this one). The build runs both in its own process (`checkBuildSettings`).
 * Reads .env files as Next does.
 */
import '@/lib/load-env';
import { EnvError, parseEnv, processEnvironment } from '@/lib/env';
import { calendarProblems } from '@/lib/calendar';
import { isLoopbackSite, launchProblems } from '@/lib/launch';

/**
 * The checks, as the build runs them: 0, or 1 having printed why. `afterPull` adds the content just
 * pulled, read through server-only modules: the caller runs with `--conditions=react-server`, as
 * this script does.
 */
export async function checkBuildSettings(afterPull: boolean): Promise<number> {
  try {
    const env = parseEnv(processEnvironment());
    const calendar = calendarProblems(env);
    if (calendar.length > 0) throw new EnvError(calendar);
    if (isLoopbackSite(env.SITE_URL)) return 0;
    // The content is read only after the pull: it imports the content records, which read the snapshot.
    const problems = [
      ...launchProblems(env),
      ...(afterPull ? (require('./launch-content') as typeof import('./launch-content')).contentLaunchProblems() : []),
    ];
    if (problems.length > 0 && !env.SITE_LAUNCHED) {
      // In preview the launch check is a warning: the pages go out unindexed, saying the site is not
      // open yet. Said once per build, after the pull, when the whole list is known.
      if (afterPull) console.warn(previewWarning(env.SITE_URL, problems.length));
      return 0;
    }
    if (problems.length > 0) {
      console.error(
        `Not ready to launch: a build for ${env.SITE_URL} would ship placeholders. Replace these (the README's "Making the site your own"), or build with a loopback SITE_URL for local use:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
      );
      return 1;
    }
    return 0;
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

/** What a public build in preview says of the launch items left. */
export function previewWarning(siteUrl: string, left: number): string {
  return `Preview (SITE_LAUNCHED=no): ${siteUrl} is built not yet open (not indexed, forms and payment claims closed), with ${left} launch item${left === 1 ? '' : 's'} left: npm run check:launch lists them; npm run launch opens the site once none is left.`;
}

if (require.main === module) {
  void checkBuildSettings(process.argv.includes('--content')).then((code) => process.exit(code));
}
