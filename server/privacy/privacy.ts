import { Hono, type MiddlewareHandler } from 'hono';
import { privacyNoticeVersion } from '@/content/privacy-notice';
import type { StaffVars } from '../platform/auth';
import type { SitePage } from '../platform/form-refill';
import { dataRequestRoutes } from './data-requests';
import { peopleRoutes } from './people';
import { importLedger, readLedger } from './erasure-ledger';
import { noticeOverdue } from './requests-store';
import { purgeExpired, setNoticeVersion } from './retention-store';
import { reapplyErasures } from './erasure-store';
import type { Store } from '../store/store';
import type { DailyJob } from '../platform/jobs';

export interface PrivacyOptions {
  /** SITE_URL: the one-time links point there. */
  siteUrl: string;
  studioName: string;
  grievance: { name: string; email: string };
  /** Whether e-mail is set up (SMTP_URL): visitors' links and answers go through the outbox (server/privacy/privacy-mail.ts). */
  emailOn?: boolean;
  /** The erasure ledger's file (server/privacy/erasure-ledger.ts): each erasure's tombstone, outside the database. */
  erasureLedger?: string;
  /** The built pages (answers to forms sent without JavaScript). */
  sitePage?: SitePage;
}

/** The staff's people routes and the visitors' "Your data" routes, under /api. */
export function privacyRoutes(
  store: Store,
  opts: PrivacyOptions,
  staffOnly: MiddlewareHandler<{ Variables: StaffVars }>,
  publicGuards: readonly MiddlewareHandler[],
  now: () => Date,
) {
  return new Hono<{ Variables: StaffVars }>()
    .route(
      '/',
      peopleRoutes({
        store,
        staffOnly,
        studioName: opts.studioName,
        emailOn: opts.emailOn,
        erasureLedger: opts.erasureLedger,
        now,
      }),
    )
    .route('/', dataRequestRoutes({ store, ...opts, publicGuards, now }));
}

/**
 * On start (and after a restore from a backup): records the privacy notice version the site now
 * shows, so each submission stores it, and applies every erasure again. Resolves with how many
 * records were erased again.
 */
export async function startPrivacy(store: Store, ledgerFile?: string): Promise<number> {
  await setNoticeVersion(store.db, privacyNoticeVersion);
  return eraseAgain(store, ledgerFile);
}

/**
 * After a restore: puts back the erasure ledger's tombstones the database lacks (erasures made
 * after the backup was taken) and applies every tombstone again. Resolves with how many records
 * were erased again.
 */
export async function eraseAgain(store: Store, ledgerFile?: string): Promise<number> {
  if (ledgerFile) await importLedger(store.db, readLedger(ledgerFile));
  return reapplyErasures(store);
}

/** The daily retention purge (server/platform/jobs.ts runs it once a day across instances). */
export function retentionJob(store: Store, overrides: Readonly<Record<string, number>>): DailyJob {
  return { name: 'retention-purge', at: '03:15', run: (now) => purgeExpired(store, now, overrides) };
}

/** Tells the studio once of each data request past its due date (09:30 India time, once across instances). */
export function overdueRequestsJob(store: Store): DailyJob {
  return {
    name: 'data-requests-overdue',
    at: '09:30',
    run: async (now) => `${await noticeOverdue(store, now)} overdue request(s) told to the studio`,
  };
}
