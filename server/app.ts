import { randomUUID } from 'node:crypto';
import { Hono, type MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { isDashboardPath, securityHeaders, strictTransportSecurity } from '@/lib/host-files';
import { builtPages } from './platform/form-refill';
import { loggedPath, ownerLog, type OwnerLog } from './platform/log';
import { bodyBounded, isHttps, type ProxyTrust } from './platform/http';
import { serviceRoutes, type ServiceOptions } from './service';
import { staticSite, type StaticSiteOptions } from './site/static-site';
import { statementBound, statementPath } from './payments/statements';
import { isStorageUnavailable, UnconfirmedWriteError } from './store/db';

export interface AppOptions {
  /** The static export; absent in tests of the service alone. */
  site?: StaticSiteOptions;
  /** The submissions service; absent to serve the static site alone. */
  service?: ServiceOptions;
  /** The owner's log (server/platform/log.ts), for server errors; standard output when absent. */
  log?: OwnerLog;
  /**
   * Without a service: why its storage could not be opened (the database down at start). The
   * service's paths then answer 503 with Retry-After, as in any storage outage, while pages serve.
   */
  storageAway?: Error;
}

const consoleLog = ownerLog(undefined, console.error);

/** Seconds a client is asked to wait when the storage is down. */
const storageRetrySeconds = 30;

/**
 * The security headers on every answer, errors, redirects and unknown methods included; HSTS only
 * over HTTPS. Set on the context before the route runs, so every response the context makes carries
 * them, and a route's own value (a page's CSP) replaces the default; setting them afterwards would
 * make @hono/node-server rebuild each response (a measurable cost per request). Hand-written rather
 * than hono/secure-headers so that the values stay those of lib/host-files.ts, which the `_headers`
 * file for static hosts is written from (one source), and HSTS follows the trusted proxy.
 */
function everyAnswerSecured(proxy: ProxyTrust, analytics: boolean): MiddlewareHandler {
  const defaults = Object.entries(securityHeaders({ analytics }));
  const dashboard = Object.entries(securityHeaders({ analytics, camera: true }));
  return async (c, next) => {
    for (const [name, value] of isDashboardPath(c.req.path) ? dashboard : defaults) c.header(name, value);
    if (isHttps(c, proxy)) c.header('Strict-Transport-Security', strictTransportSecurity);
    await next();
  };
}

/**
 * The bundled server: the submissions service's routes first, then the static export with its
 * status codes, caching and security headers. Storage that is down answers 503 with Retry-After.
 */
export function createApp(options: AppOptions): Hono {
  const app = new Hono();
  const proxy: ProxyTrust = options.service ?? { trustProxy: false };
  app.use('*', everyAnswerSecured(proxy, options.site?.analytics ?? false));
  const serviceAnswers: MiddlewareHandler = async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  };
  const servicePaths = ['/api/*', '/pro-audio-form/*'];
  for (const prefix of servicePaths) app.use(prefix, serviceAnswers);
  // Every body the service could read is bounded before any route reads it (413 beyond); a bank
  // statement, the one large body, by its own route's bound.
  const bounded = bodyBounded();
  const statementBounded = statementBound();
  for (const prefix of servicePaths)
    app.use(prefix, (c, next) => (c.req.path === statementPath ? statementBounded : bounded)(c, next));
  // The static site's files are compressed at build time. Of the service, only the staff's lists
  // are worth compressing; a POST's answer is a line of JSON.
  app.on('GET', servicePaths, compress());
  // Pages on another origin (a static host) call the service: CORS for the site's origins only
  // (SITE_URL's and ALLOWED_ORIGINS), without credentials: the staff dashboard is served by the
  // service's own origin, so its cookie never crosses origins.
  const siteOrigins = options.service?.allowedOrigins ?? [];
  const siteCors = cors({
    origin: (origin) => (siteOrigins.includes(origin) ? origin : null),
    allowMethods: ['GET', 'POST'],
    allowHeaders: ['Content-Type', 'Accept', 'Authorization'],
    maxAge: 600,
  });
  for (const prefix of servicePaths) app.use(prefix, siteCors);
  if (options.service) {
    // A form sent without JavaScript is answered with its own built page (server/platform/form-refill.ts).
    const sitePage = options.site ? builtPages(options.site.root) : undefined;
    app.route('/', serviceRoutes({ sitePage, ...options.service }));
  }
  const away = options.storageAway;
  if (!options.service && away) {
    app.all('/api/*', () => {
      throw away;
    });
    app.all('/pro-audio-form/*', () => {
      throw away;
    });
  }
  if (options.site) app.use('*', staticSite(options.site));
  app.onError((error, c) => {
    if (isStorageUnavailable(error)) {
      // The outage's start and end are logged by the store's own watch (server/store/availability.ts).
      options.service?.store.storage?.refused();
      c.header('Retry-After', String(storageRetrySeconds));
      c.header('Cache-Control', 'no-store');
      return c.json(
        {
          // After a failed sync the row may be stored or not: say neither.
          message:
            error instanceof UnconfirmedWriteError
              ? 'Our storage failed while saving this, so we cannot confirm it was kept. Please send it again in a few minutes.'
              : 'Our storage is unavailable right now; nothing was saved. Please try again in a minute.',
        },
        503,
      );
    }
    // The request id is in the answer and the log line: staff can match what a visitor reports.
    const requestId = randomUUID().slice(0, 8);
    (options.log ?? consoleLog)('error', `${requestId} ${c.req.method} ${loggedPath(c.req.path)}: ${error.message}`);
    return c.json({ message: 'Something went wrong on our side. Please try again later.', requestId }, 500);
  });
  return app;
}
