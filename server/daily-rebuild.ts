import type { DailyJob } from './jobs';
import type { RebuildCoordinator } from './rebuild';
import type { Store } from './store/store';

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
export const DAILY_REBUILD_REASON = 'daily rebuild';

/**
 * The daily rebuild (server/jobs.ts runs it once a day across the instances sharing the database),
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
      const result = await coordinator.trigger(DAILY_REBUILD_REASON);
      return result === 'started' ? 'build started' : 'queued after the running build';
    },
  };
}
