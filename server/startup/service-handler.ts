import type { Env } from '@/lib/env';
import { inboxForms } from '@/lib/forms/registry';
import { dashboardPath } from '@/lib/dashboard/views';
import { exportFileOf } from '@/lib/routes';
import type { SiteBuild } from '@/lib/site-build';
import { getStudio } from '@/lib/studio';
import { readBookingStudio } from '@/lib/bookings/studio-file';
import { createApp } from '../app';
import { bookingRulesOf } from '@/lib/bookings/rules';
import { backupDirOf } from '../platform/backup';
import type { SignInBrake } from '../platform/sign-in-brake';
import type { OwnerLog } from '../platform/log';
import type { SessionService } from '../sessions/sessions';
import type { RebuildHook } from '../site/builds';
import type { ServedSite } from '../site/served-site';
import type { StaticSiteOptions } from '../site/static-site';
import type { Store } from '../store/store';
import type { Handler } from './listener';

/**
 * GET /api/health: 200 once the database answers a query (its migrations are applied at open), with
 * `warnings`: what the studio must put right while the site runs (pages built with other prices).
 */
async function health(
  db: { query: (sql: string) => Promise<unknown> },
  commit: string,
  warnings: readonly string[],
): Promise<Response> {
  try {
    await db.query('SELECT 1');
    return Response.json({ ok: true, version: commit, warnings });
  } catch {
    return Response.json({ ok: false, version: commit, warnings }, { status: 503 });
  }
}

/** The static site as the server serves it: the pages of the build served, the dashboard's one page for its paths. */
function siteOptions(site: ServedSite, built: SiteBuild): StaticSiteOptions {
  return {
    root: site.root,
    analytics: built.analytics,
    fallbackPage: (pathname) => {
      const current = dashboardPath(site.builtWith().studio.slug);
      return pathname.startsWith(`${current}/`) ? exportFileOf(current) : undefined;
    },
  };
}

/**
 * What answers while the database could not be opened (PostgreSQL down at start): the pages; the
 * service's paths and GET /api/health answer 503 with Retry-After until the store is open.
 */
export function pagesOnlyHandler(opts: { site: ServedSite; log: OwnerLog; storageAway: Error }): Handler {
  const app = createApp({
    log: opts.log,
    site: siteOptions(opts.site, opts.site.builtWith()),
    storageAway: opts.storageAway,
  });
  return (request, bindings) => app.fetch(request, bindings);
}

/** What answers every request: GET /api/health, then the service's routes and the site (server/app.ts). */
export function serviceHandler(opts: {
  env: Env;
  store: Store;
  log: OwnerLog;
  commit: string;
  site: ServedSite;
  /** What the pages served at start were built with. */
  built: SiteBuild;
  rebuild: RebuildHook | undefined;
  brake: SignInBrake;
  sessions: SessionService;
  erasureLedger: string;
}): Handler {
  const { env, store, site, built } = opts;
  // The owner's booking list is read on each use (edits need no restart); a mistake in it is named
  // in the log at start, and the booking routes answer 503 until it is corrected.
  readBookingStudio().catch((error: unknown) =>
    opts.log('error', `online booking is closed: ${error instanceof Error ? error.message : String(error)}`),
  );
  const app = createApp({
    log: opts.log,
    site: siteOptions(site, built),
    service: {
      store,
      inboxForms,
      sessionTtlHours: env.SESSION_TTL_HOURS,
      rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
      trustProxy: env.TRUST_PROXY,
      trustedProxies: env.TRUSTED_PROXIES,
      allowedOrigins: [new URL(built.siteUrl).origin, ...env.ALLOWED_ORIGINS],
      rebuild: opts.rebuild,
      brake: opts.brake,
      backupDir: backupDirOf(env),
      siteWarnings: site.priceWarnings,
      preview: !env.SITE_LAUNCHED,
      privacy: {
        siteUrl: env.SITE_URL,
        studioName: built.studio.name,
        grievance: getStudio(env).grievance,
        emailOn: Boolean(env.SMTP_URL),
        erasureLedger: opts.erasureLedger,
      },
      sessions: opts.sessions,
      bookings: { studio: () => readBookingStudio(), rules: bookingRulesOf(env), studioGstin: env.STUDIO_GSTIN },
    },
  });
  return (request, bindings) =>
    new URL(request.url).pathname === '/api/health'
      ? health(store.db, opts.commit, site.priceWarnings())
      : app.fetch(request, bindings);
}
