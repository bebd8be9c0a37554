import { createHash, timingSafeEqual } from 'node:crypto';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { createMiddleware } from 'hono/factory';
import type { StaffVars } from '../platform/auth';
import { isJson, readJson, jsonBody } from '../platform/http';
import { replaceableBuildName } from './daily-rebuild';
import type { PhotoPrep } from './photo-prep';
import type { RebuildCoordinator, Triggered } from './rebuild';
import type { Store } from '../store/store';
import { checkBody, jsonOf, sentObject } from '../platform/validate';
import { array, number, string } from 'yup';

/** The rebuild webhook's secret, the builds' queue and the photos being prepared. */
export interface RebuildHook {
  secret: string;
  coordinator: RebuildCoordinator;
  photos?: PhotoPrep | undefined;
}

export interface BuildOptions {
  store: Store;
  /** The rebuild webhook; absent when REBUILD_SECRET is empty. */
  rebuild?: RebuildHook | undefined;
  staffOnly: MiddlewareHandler<{ Variables: StaffVars }>;
  /** The staff's cross-site check (server/platform/auth.ts). */
  sameOrigin: MiddlewareHandler;
  /** The webhook's body bound and rate limit. */
  webhookGuards: readonly MiddlewareHandler[];
  /** The same for the notice of new photos, counted apart: a burst of uploads never uses up the webhook's limit. */
  photoGuards: readonly MiddlewareHandler[];
  /** What the studio must put right in the served pages (built with other prices): shown in Site builds. */
  warnings?: (() => readonly string[]) | undefined;
}

/** Constant-time comparison of two secrets of any length (their hashes have equal length). */
function secretsEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && given.length === expected.length;
}

/** What the webhook may say: why it asks (any other field, or a reason that is not text, is ignored). */
const webhookBody = sentObject({ reason: string() });

/** What the webhook and "Rebuild now" answer to a request for a build (`carrying`: what the build carries, if said). */
function triggeredMessage(triggered: Triggered, carrying: string): string {
  switch (triggered.status) {
    case 'started':
      return 'Build started.';
    case 'replaced':
      return `${replaceableBuildName(triggered.stopped)} was stopped; a build${carrying} starts now.`;
    default:
      return `A build is running; one more build will follow it${carrying}.`;
  }
}

const sendMedia = 'Send the media ids as "media": up to 100 whole numbers.';
/** What the plugin says of new uploads: their media ids (WordPress's own, not the studio's database's). */
const photosBody = sentObject({
  media: array(
    number()
      .typeError(sendMedia)
      .required(sendMedia)
      .integer(sendMedia)
      .positive(sendMedia)
      .max(Number.MAX_SAFE_INTEGER, sendMedia),
  )
    .typeError(sendMedia)
    .required(sendMedia)
    .max(100, sendMedia),
});

/** Whether the request carries the webhook's secret (as a bearer token, or X-Rebuild-Secret). */
function hasSecret(c: Context, secret: string): boolean {
  const bearer = c.req.header('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1];
  return secretsEqual(bearer ?? c.req.header('x-rebuild-secret') ?? '', secret);
}

/** "Rebuild now" sends an empty object. */
const rebuildNowBody = sentObject({});

/**
 * The site's builds: POST /api/rebuild (the webhook WordPress calls with the shared secret),
 * GET /api/builds (staff: the last builds, and whether rebuilds are on) and POST /api/builds
 * (staff's "Rebuild now", queued with the webhook's builds and named after who asked).
 */
export function buildRoutes(opts: BuildOptions) {
  /** The webhook's requests: 503 while it is off, 401 without its secret; then it is given to the handler. */
  const withSecret = createMiddleware<{ Variables: { webhook: RebuildHook } }>(async (c, next) => {
    if (!opts.rebuild) {
      return c.json({ message: 'The rebuild webhook is off: set REBUILD_SECRET on the server to turn it on.' }, 503);
    }
    if (!hasSecret(c, opts.rebuild.secret)) return c.json({ message: 'Wrong or missing secret.' }, 401);
    c.set('webhook', opts.rebuild);
    await next();
  });
  return (
    new Hono<{ Variables: StaffVars }>()
      .post('/rebuild', every(...opts.webhookGuards), withSecret, async (c) => {
        let reason = 'webhook';
        if (isJson(c)) {
          const body = await readJson(c);
          if (!body.ok) return c.json({ message: body.message }, body.status);
          const sent = checkBody(webhookBody, body.value);
          // readJson has refused control characters but tab and line breaks: the reason is one line.
          if (sent.ok && sent.value.reason !== undefined)
            reason = sent.value.reason.replace(/\s+/g, ' ').trim().slice(0, 200) || reason;
        }
        const triggered = await c.get('webhook').coordinator.trigger(reason);
        return c.json({ message: triggeredMessage(triggered, ' with this change'), status: triggered.status }, 202);
      })
      // New photos in WordPress's media library: prepared for the build that will publish them; no build.
      .post('/rebuild/photos', every(...opts.photoGuards), withSecret, async (c) => {
        if (!isJson(c)) return c.json({ message: 'Send JSON: {"media": [ids]}.' }, 415);
        const body = await readJson(c);
        if (!body.ok) return c.json({ message: body.message }, body.status);
        const sent = checkBody(photosBody, body.value);
        if (!sent.ok) return c.json({ message: sent.message }, 400);
        const { photos } = c.get('webhook');
        if (!photos) {
          return c.json(
            { message: 'This server builds without WordPress (no CMS_URL): nothing to prepare.', status: 'ignored' },
            200,
          );
        }
        photos.prepare([...new Set(sent.value.media)]);
        return c.json(
          { message: 'The new photos are being prepared for the next build; no build started.', status: 'preparing' },
          202,
        );
      })
      .post('/builds', opts.sameOrigin, opts.staffOnly, jsonBody, jsonOf(rebuildNowBody), async (c) => {
        if (!opts.rebuild) {
          return c.json({ message: 'Rebuilds are off on this server: set REBUILD_SECRET to turn them on.' }, 503);
        }
        const triggered = await opts.rebuild.coordinator.trigger(`Rebuild now by ${c.get('staff').name}`);
        return c.json({ message: triggeredMessage(triggered, ''), status: triggered.status }, 202);
      })
      .get('/builds', opts.staffOnly, async (c) =>
        c.json(
          {
            enabled: Boolean(opts.rebuild),
            busy: opts.rebuild?.coordinator.busy ?? false,
            builds: await opts.store.listBuilds(),
            warnings: opts.warnings?.() ?? [],
          },
          200,
        ),
      )
  );
}

export type BuildRoutes = ReturnType<typeof buildRoutes>;
