import os from 'node:os';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { booksConfig, type BooksConfig } from '@/lib/books/config';
import { getEnv } from '@/lib/env';
import { getStudio } from '@/lib/studio';
import { inboxPath, proAudioPath } from '@/lib/forms/contract';
import { proAudioForm, proAudioRowOf } from '@/lib/forms/pro-audio/schema';
import type { AnyForm } from '@/lib/forms/registry';
import { inboxFormNames, type InboxFormName } from '@/lib/forms/types';
import { type AccessEntry, accessLogged } from './privacy/access-log';
import { backupRoutes } from './platform/backup';
import { buildRoutes, type RebuildHook } from './site/builds';
import { booksRoutes } from './books/books';
import { refundRoutes } from './books/books-refunds';
import { certificateRoutes } from './certificates/certificates';
import { authRoutes, requireStaff, sameOrigin, type AuthOptions, type StaffVars } from './platform/auth';
import { clientIp, type ProxyTrust } from './platform/http';
import { countersFor } from './platform/counters';
import { Gate, RateLimiter } from './platform/limits';
import { productionCost, type ScryptCost } from './platform/passwords';
import { SignInBrake } from './platform/sign-in-brake';
import { privacyRoutes, type PrivacyOptions } from './privacy/privacy';
import { staffApi } from './forms/staff-api';
import { isSessionFull, type SessionService } from './sessions/sessions';
import type { Store } from './store/store';
import { formDoor, type DoorBody } from './forms/form-door';
import type { SitePage } from './platform/form-refill';
import {
  decideForm,
  type FormFacts,
  noFacts,
  type StoreResult,
  storedOutcome,
  type ToStore,
} from './forms/form-decision';
import { answer, asJson, type FormEnv, howOf, maxFormBytes, type Outcome } from './platform/outcome';
import { closedInPreview } from './platform/not-open';
import { type BookingOptions, bookingRoutes } from './bookings/bookings';

export interface ServiceOptions extends ProxyTrust {
  store: Store;
  /** The inbox forms this deployment accepts (lib/forms/registry); others answer 404. */
  inboxForms: Partial<Record<InboxFormName, AnyForm>>;
  sessionTtlHours: number;
  rateLimitPerMinute: number;
  /** Origins whose pages may sign in (SITE_URL's and ALLOWED_ORIGINS), besides the request's own. */
  allowedOrigins?: readonly string[];
  /** The rebuild webhook; absent when REBUILD_SECRET is empty. */
  rebuild?: RebuildHook;
  /** BACKUP_DIR: the dashboard shows its newest backup. */
  backupDir?: string;
  brake?: SignInBrake;
  /** Masterclass sessions and intakes with their seats, and the registrants' links. */
  sessions?: SessionService;
  /** Password checks at a time, and how many more may wait (the rest are refused at once). */
  hashGate?: Gate;
  /** The scrypt cost of the password hashes it stores and of a made-up name's check; production's when absent. */
  passwordCost?: ScryptCost;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  /** The built pages of the site, to answer a form sent without JavaScript with its own page. */
  sitePage?: SitePage;
  /** Visitors' personal data: staff's one-person view, the "Your data" page's API (server/privacy/people.ts). */
  privacy?: PrivacyOptions;
  /** The studio as a supplier (invoices, credit notes, the month's books); from the configuration when absent. */
  books?: BooksConfig;
  /** What the studio must put right in the served pages (built with other prices than the service's). */
  siteWarnings?: () => readonly string[];
  /** The site is in preview (SITE_LAUNCHED=no): public forms and payment claims answer that it is not open yet. */
  preview?: boolean;
  /** Studio bookings: rooms and engineers, their free time, holds (server/bookings). */
  bookings?: BookingOptions;
}

/**
 * Password checks (scrypt, 32 MB and tens of milliseconds each, on libuv's thread pool) run on
 * half the cores at most, so pages keep a core and pool threads; a few more may wait.
 */
function defaultHashGate(): Gate {
  const slots = Math.max(1, Math.floor(os.availableParallelism() / 2));
  return new Gate(slots, 2 * slots);
}

/** The per-address rate limit of `bucket`: over it, 429 (an HTML form gets its page back, filled in). */
function limited(
  limiter: RateLimiter,
  proxy: ProxyTrust,
  bucket: string,
  sitePage?: SitePage,
): MiddlewareHandler<FormEnv> {
  return async (c, next) => {
    const wait = await limiter.hit(`${bucket}|${clientIp(c, proxy)}`);
    if (wait > 0) {
      const how = await howOf(c, { sitePage, page: c.get('formPage'), values: 'sent' });
      return answer(c, { kind: 'too-many', retryAfter: wait }, how);
    }
    await next();
  };
}

/** Over the size limit: 413, the body unread (an HTML form gets its page, and the Back button keeps what was typed). */
const tooLarge = (sitePage?: SitePage) => async (c: Context<FormEnv>) =>
  answer(c, { kind: 'too-large' }, await howOf(c, { sitePage, page: c.get('formPage') }));

/**
 * hono/body-limit, except that a body with a Content-Length is judged by the header alone: the
 * middleware's first look at the raw body makes @hono/node-server build a full Request for every
 * POST and read the body through a web stream (a measurable cost per submission); a chunked body
 * still goes through bodyLimit, which counts what arrives.
 */
const sizeLimitFor = (sitePage?: SitePage): MiddlewareHandler<FormEnv> => {
  const onError = tooLarge(sitePage);
  const streamedLimit = bodyLimit({ maxSize: maxFormBytes, onError });
  return async (c, next) => {
    const length = c.req.header('content-length');
    if (length !== undefined && !c.req.header('transfer-encoding')) {
      return Number(length) > maxFormBytes ? onError(c) : next();
    }
    return streamedLimit(c, next);
  };
};
const sizeLimit = sizeLimitFor();

/**
 * The submissions service: the pro audio form and its table, the inbox of the visitor forms, staff
 * sign-in, and the rebuild webhook. Every answer is JSON with a `message` on errors, and never
 * cached.
 */
export function serviceRoutes(opts: ServiceOptions) {
  const app = new Hono<{ Variables: StaffVars }>();
  // Shared through PostgreSQL by every instance on it; in this process on the embedded database.
  const counters = countersFor(opts.store.db);
  const limiter = new RateLimiter(opts.rateLimitPerMinute, counters);
  const auth: AuthOptions = {
    store: opts.store,
    sessionTtlHours: opts.sessionTtlHours,
    trustProxy: opts.trustProxy,
    trustedProxies: opts.trustedProxies,
    allowedOrigins: opts.allowedOrigins ?? [],
    brake: opts.brake ?? new SignInBrake({ counters }),
    hashGate: opts.hashGate ?? defaultHashGate(),
    passwordCost: opts.passwordCost ?? productionCost,
    now: opts.now ?? (() => new Date()),
    sleep: opts.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
  };
  const staffOnly = requireStaff(auth);
  // The access log of staff reads whose routes do not log themselves: the whole-form JSON readers
  // and the sessions roster (the workspace, people and payments routes log their own).
  const logged = (path: string, describe: (c: Context) => AccessEntry) =>
    app.use(
      path,
      accessLogged(opts.store.db, auth.now, (c) => (c.req.method === 'GET' ? describe(c) : undefined)),
    );
  logged(proAudioPath, () => ({ action: 'export', detail: 'pro-audio JSON export: all rows' }));
  logged(inboxPath(':form'), (c) => ({ action: 'export', detail: `${c.req.param('form')} JSON export: all rows` }));
  logged('/api/sessions/manage/:id/roster', (c) => ({ action: 'view', detail: `session ${c.req.param('id')} roster` }));
  const formLimit = limited(limiter, opts, 'form', opts.sitePage);

  // Cache-Control: no-store and the security headers are set in app.ts for /api/* and
  // /pro-audio-form/*; a `use('*')` here would also run for the static site's files.

  const { sessions } = opts;
  // Public posts answer an HTML form's 413 with its page (the claims and the forms).
  const publicSizeLimit = sizeLimitFor(opts.sitePage);
  app.route('/', formRoutes(opts, publicSizeLimit, formLimit, staffOnly));
  app.route('/api/auth', authRoutes(auth));

  app.route(
    '/api',
    buildRoutes({
      store: opts.store,
      rebuild: opts.rebuild,
      staffOnly,
      sameOrigin: sameOrigin(auth),
      webhookGuards: [sizeLimit, limited(limiter, opts, 'rebuild')],
      photoGuards: [sizeLimit, limited(limiter, opts, 'photos')],
      warnings: opts.siteWarnings,
    }),
  );
  app.route('/api', backupRoutes(opts.backupDir, opts.store.db, staffOnly));
  const books = opts.books ?? booksConfig(getEnv(), getStudio());
  app.route(
    '/api',
    staffApi({
      ...opts,
      books,
      staffOnly,
      publicGuards: [publicSizeLimit, formLimit],
      passwordCost: auth.passwordCost,
    }),
  );
  if (opts.privacy)
    app.route(
      '/api',
      privacyRoutes(
        opts.store,
        { ...opts.privacy, sitePage: opts.sitePage },
        staffOnly,
        [publicSizeLimit, formLimit],
        auth.now,
      ),
    );
  if (sessions) {
    const { rebuild } = opts;
    // A change staff make to the sessions reaches the pages' own copy (without JavaScript) by a
    // rebuild, queued and not waited for; a ledger that cannot be reached leaves the change made
    // and the daily rebuild to follow.
    const changed = rebuild
      ? async (who: string) => {
          await rebuild.coordinator.trigger(`Sessions and intakes changed by ${who}`).catch(() => undefined);
        }
      : undefined;
    app.route('/api', sessions.routes({ publicGuards: [publicSizeLimit, formLimit] }));
    app.route('/api', sessions.staffRoutes({ staffOnly, changed }));
  }
  const booksGuards = {
    store: opts.store,
    staffOnly,
    publicGuards: [publicSizeLimit, formLimit],
    links: sessions?.links,
  };
  app.route('/api', booksRoutes({ ...booksGuards, books }));
  if (sessions)
    app.route(
      '/api',
      certificateRoutes({
        ...booksGuards,
        links: sessions.links,
        siteUrl: sessions.siteUrl,
        studioName: getStudio().name,
        now: auth.now,
        opensMinutes: sessions.checkInOpensMinutes,
      }),
    );
  app.route('/api', refundRoutes({ ...booksGuards, books, now: auth.now, seatsFreed: sessions?.passOnOffers }));
  if (opts.bookings)
    app.route(
      '/api',
      bookingRoutes({
        ...opts.bookings,
        store: opts.store,
        now: auth.now,
        sitePage: opts.sitePage,
        preview: opts.preview ?? false,
        publicGuards: [publicSizeLimit, formLimit],
      }),
    );
  app.all('/api/*', (c) => c.json({ message: 'Not found.' }, 404));
  return app;
}

const unknownForm: Outcome = { kind: 'refused', status: 404, message: 'There is no such form.' };

/**
 * The public form routes and their staff readers, chained so that their types make the browser's
 * client (lib/forms/contract). Every form, the pro audio form at its spec path included, is checked
 * by its declaration and stored as its payload in the one submissions table. Each POST reads (the
 * door's body, the sessions' facts), decides (server/forms/form-decision.ts), stores, and answers
 * (server/platform/outcome.ts: JSON, or for a form sent without JavaScript its page or a 303).
 */
function formRoutes(
  opts: ServiceOptions,
  sizeLimit: MiddlewareHandler<FormEnv>,
  formLimit: MiddlewareHandler<FormEnv>,
  staffOnly: MiddlewareHandler,
) {
  const now = opts.now ?? (() => new Date());
  const { sessions } = opts;
  const inboxFormOf = (name: string): AnyForm | undefined =>
    (inboxFormNames as readonly string[]).includes(name) ? opts.inboxForms[name as InboxFormName] : undefined;
  // A form sent from pages on another of the site's origins (a static host) goes back there.
  const pageOrigin = (c: Context) => {
    const origin = c.req.header('origin') ?? '';
    return origin !== new URL(c.req.url).origin && opts.allowedOrigins?.includes(origin) ? origin : '';
  };
  const formAt = (c: Context): AnyForm | undefined =>
    new URL(c.req.url).pathname === proAudioPath ? proAudioForm : inboxFormOf(c.req.param('form') ?? '');
  /** Knows the form (404 otherwise, as JSON: an unknown form has no page) and notes its page for the guards that follow. */
  const known: MiddlewareHandler<FormEnv> = async (c, next) => {
    const form = formAt(c);
    if (!form) return answer(c, unknownForm, asJson);
    c.set('formPage', form.declaration.page);
    await next();
  };
  /** The sessions' facts of a registration: its waitlist choice, its intake, the bookable sessions. */
  const factsOf = async (form: AnyForm, sent: DoorBody): Promise<FormFacts> => {
    if (!sessions) return noFacts(sent);
    const waiting = sessions.splitWaitlist(form.name, sent);
    const intake = await sessions.splitIntake(form.name, waiting.body);
    if (!intake.ok) return { fixed: {}, wait: waiting.wait, split: intake };
    const chosen = await sessions.checkSession(form.name, intake.body);
    return { fixed: chosen.fixed, wait: waiting.wait, split: chosen.refusal ?? intake };
  };
  /** Stores a checked payload; a full session's registration joins its waitlist when it asked to. */
  const store = async (form: AnyForm, { payload, person, wait }: ToStore): Promise<StoreResult> => {
    try {
      await opts.store.addInbox(form.name, payload, person);
      return { kind: 'stored' };
    } catch (error) {
      if (!sessions || !isSessionFull(error)) throw error;
      const joined = wait ? await sessions.joinWaitlist(form.name, payload, person) : undefined;
      if (joined) return { kind: 'waiting', ...joined };
      return { kind: 'full', message: await sessions.fullMessage(form.name) };
    }
  };
  const door = formDoor(opts.sitePage);
  const closed = closedInPreview(opts.preview ?? false, opts.sitePage);
  const take = async (c: Context<FormEnv>, sent: DoorBody) => {
    const form = formAt(c);
    if (!form) return answer(c, unknownForm, asJson);
    const how = await howOf(c, { sitePage: opts.sitePage, page: form.declaration.page, values: sent.fields });
    const origin = pageOrigin(c);
    const decided = decideForm({ form, sent, facts: await factsOf(form, sent), now: now(), pageOrigin: origin });
    if (decided.kind !== 'store') return answer(c, decided, how);
    return answer(c, storedOutcome(form, await store(form, decided), origin), how);
  };

  return new Hono<FormEnv>()
    .post(proAudioPath, known, sizeLimit, formLimit, closed, door, (c) => take(c, c.req.valid('json')))
    .get(proAudioPath, staffOnly, async (c) =>
      c.json((await opts.store.listInbox(proAudioForm.name)).map(proAudioRowOf)),
    )
    .post(inboxPath(':form'), known, sizeLimit, formLimit, closed, door, (c) => take(c, c.req.valid('json')))
    .get(inboxPath(':form'), staffOnly, async (c) => {
      const form = inboxFormOf(c.req.param('form'));
      if (!form) return c.json({ message: 'There is no such form.' }, 404);
      return c.json(await opts.store.listInbox(form.name));
    });
}

/** The form routes' types, for the browser's typed client. */
export type FormRoutes = ReturnType<typeof formRoutes>;
