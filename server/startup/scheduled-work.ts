import { statSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '@/lib/env';
import { SITE_BUILD_FILE } from '@/lib/site-build';
import { backupDirOf, dailyBackupJob } from '../platform/backup';
import { type DailyJob, DailyScheduler } from '../platform/jobs';
import type { OwnerLog } from '../platform/log';
import { overdueRequestsJob, retentionJob } from '../privacy/privacy';
import type { SessionService } from '../sessions/sessions';
import type { RebuildHook } from '../site/builds';
import { dailyRebuild } from '../site/daily-rebuild';
import type { Store } from '../store/store';
import { lapseHolds } from '../bookings/bookings-store';

/** How often each instance looks for unanswered waitlist offers and seats freed by expired holds. */
const WAITLIST_CHECK_MS = 5 * 60_000;

/**
 * Waitlists: unanswered offers pass on, and seats freed by expired holds are offered (every instance
 * checks; each offer is made once, under its session's row lock).
 */
export function checkWaitlists(sessions: Pick<SessionService, 'passOnOffers'>, log: OwnerLog): void {
  setInterval(
    () =>
      void sessions.passOnOffers(new Date()).catch((error) => log('job', `waitlist check failed: ${String(error)}`)),
    WAITLIST_CHECK_MS,
  ).unref();
}

/** How often each instance lapses the studio bookings held past their deadline. */
const BOOKING_HOLDS_CHECK_MS = 5 * 60_000;

/**
 * Studio bookings held past their deadline without a deposit lapse (their time is free). A booking
 * that needs the time lapses such a hold itself; this check keeps the statuses true for everyone else.
 */
export function checkBookingHolds(store: Store, log: OwnerLog): void {
  setInterval(
    () =>
      void lapseHolds(store.db, new Date())
        .then((lapsed) => {
          if (lapsed > 0) log('job', `${lapsed} studio booking hold(s) lapsed unpaid`);
        })
        .catch((error) => log('job', `booking holds check failed: ${String(error)}`)),
    BOOKING_HOLDS_CHECK_MS,
  ).unref();
}

/**
 * Work done once a day across every instance: the site rebuilt (with rebuilds on), so dated content
 * (news, sessions) is as current as the day; the backup; the retention of personal data and the
 * overdue data requests. Started unless on a trial; resolves with the scheduler to stop on shutdown.
 */
export function scheduleDailyJobs(opts: {
  env: Env;
  store: Store;
  log: OwnerLog;
  rebuild: RebuildHook | undefined;
  siteRoot: () => string;
  erasureLedger: string;
  trial: boolean;
}): DailyScheduler {
  const { env, store } = opts;
  const dailyJobs: DailyJob[] = [];
  // Not needed on the day the site served was built (its record's time: a server started with a fresh build).
  const servedBuiltAt = () => {
    try {
      return statSync(path.join(opts.siteRoot(), SITE_BUILD_FILE)).mtimeMs;
    } catch {
      return undefined;
    }
  };
  if (opts.rebuild) dailyJobs.push(dailyRebuild(opts.rebuild.coordinator, store, servedBuiltAt));
  dailyJobs.push(
    dailyBackupJob(
      store.db,
      backupDirOf(env),
      undefined,
      env.BACKUP_COPY_TO ? { to: env.BACKUP_COPY_TO, ledger: opts.erasureLedger } : undefined,
    ),
  );
  dailyJobs.push(retentionJob(store, env.RETENTION_DAYS), overdueRequestsJob(store));
  const scheduler = new DailyScheduler({ db: store.db, jobs: dailyJobs, log: (line) => opts.log('job', line) });
  if (!opts.trial) scheduler.start();
  return scheduler;
}
