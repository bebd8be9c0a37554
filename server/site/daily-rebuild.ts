import type { DailyJob } from '../platform/jobs';
import type { RebuildCoordinator } from './rebuild';
import type { Store } from '../store/store';

const IST_OFFSET_MS = 5.5 * 3_600_000;
/** The India time of day from which the rebuild is due. */
const AT = '00:10';

/** Today's AT in India, as an instant, for `now`. */
function dueSince(now: Date): number {
  const [h, m] = AT.split(':').map(Number);
  const india = new Date(now.getTime() + IST_OFFSET_MS);
  return Date.UTC(india.getUTCFullYear(), india.getUTCMonth(), india.getUTCDate(), h, m) - IST_OFFSET_MS;
}

/** The reason the daily rebuild gives: a running build with it gives way to an editor's save. */
const DAILY_REBUILD_REASON = 'daily rebuild';
/** How the reason of a start-up build run as a rebuild begins (it gives way to an editor's save too). */
export const START_UP_REASON = 'start-up build';

const reasonsOf = (reason: string) => reason.split('; ');
const isDaily = (part: string) => part === DAILY_REBUILD_REASON;
const isStartUp = (part: string) => part.startsWith(START_UP_REASON);

/**
 * Whether a build with this reason (reasons joined by `; `) gives way to a request with another
 * reason: only the daily rebuild and the start-up build do, so an editor's save, "Rebuild now" or a
 * change to the sessions never waits behind them, and never stops one another's build. The one rule
 * for the instance running the build and for the instance a save reaches.
 */
export function replaceableBuild(reason: string): boolean {
  return reasonsOf(reason).every((part) => isDaily(part) || isStartUp(part));
}

/** What a stopped replaceable build was, as the webhook names it: "The daily rebuild", "The start-up build". */
export function replaceableBuildName(reason: string): string {
  const parts = reasonsOf(reason);
  if (parts.every(isDaily)) return 'The daily rebuild';
  if (parts.every(isStartUp)) return 'The start-up build';
  return 'The start-up build (with the daily rebuild)';
}

/**
 * The daily rebuild (server/platform/jobs.ts runs it once a day across the instances sharing the database),
 * so what depends on the date — news, sessions — is as current as the day. Queued with the
 * webhook's builds; skipped when a build already succeeded or is running since today's 00:10
 * (India), or when the site served was built since then (`servedBuiltAt`, in ms: a server started with a fresh build).
 */
export function dailyRebuild(
  coordinator: Pick<RebuildCoordinator, 'trigger'>,
  store: Pick<Store, 'listBuilds'>,
  servedBuiltAt: () => number | undefined = () => undefined,
): DailyJob {
  return {
    name: 'daily-rebuild',
    at: AT,
    run: async (now) => {
      const since = dueSince(now);
      const builds = await store.listBuilds(10);
      const fresh = builds.find((b) => b.status === 'succeeded' && Date.parse(b.startedAt) >= since);
      if (fresh) return `not needed: build #${fresh.id} of today is live`;
      // A build started today (the start-up build, a save's) pulls today's content: not a second one after it.
      const running = builds.find((b) => b.status === 'running' && Date.parse(b.startedAt) >= since);
      if (running) return `not needed: build #${running.id} of today is running`;
      if ((servedBuiltAt() ?? 0) >= since) return 'not needed: the site served was built today';
      const { status } = await coordinator.trigger(DAILY_REBUILD_REASON);
      return status === 'started' ? 'build started' : 'queued after the running build';
    },
  };
}
