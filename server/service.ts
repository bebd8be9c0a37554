import os from 'node:os';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { booksConfig, type BooksConfig } from '@/lib/books/config';
import { getEnv } from '@/lib/env';
import { getStudio } from '@/lib/studio';
import { checkFormPost, checkPayload, type Checked, type FixedFacts } from '@/lib/forms/declaration';
import { HONEYPOT_NAME } from '@/lib/forms/anti-spam';
import { inboxPath, proAudioPath } from '@/lib/forms/contract';
import { proAudioForm, proAudioRowOf } from '@/lib/forms/pro-audio/schema';
import type { AnyForm } from '@/lib/forms/registry';
import { formTimestamp } from '@/lib/forms/timestamp';
import { inboxFormNames, type InboxFormName } from '@/lib/forms/types';
import { INTAKE_KEY } from '@/lib/sessions/intake';
import { type AccessEntry, accessLogged } from './access-log';
import { backupRoutes } from './backup';
import { buildRoutes } from './builds';
import { booksRoutes } from './books';
import { refundRoutes } from './books-refunds';
import { certificateRoutes } from './certificates';
import { authRoutes, requireStaff, sameOrigin, type AuthOptions, type StaffVars } from './auth';
import { clientIp, type ProxyTrust } from './http';
import { countersFor, Gate, RateLimiter, SignInBrake } from './limits';
import { privacyRoutes, type PrivacyOptions } from './privacy';
import { staffApi } from './staff-api';
import type { RebuildCoordinator } from './rebuild';
import { isSessionFull, type SessionService } from './sessions';
import { WAITLIST_KEY } from '@/lib/sessions/choice';
import type { Store } from './store/store';
import { formDoor, formPageAnswer, invalidMessage, isFormPost, urlEncodedFields, type DoorBody } from './form-door';
import type { SitePage } from './form-refill';

export interface ServiceOptions extends ProxyTrust {
  store: Store;
  /** The inbox forms this deployment accepts (lib/forms/registry); others answer 404. */
  inboxForms: Partial<Record<InboxFormName, AnyForm>>;
  sessionTtlHours: number;
  rateLimitPerMinute: number;
  /** Origins whose pages may sign in (SITE_URL's and ALLOWED_ORIGINS), besides the request's own. */
  allowedOrigins?: readonly string[];
  /** The rebuild webhook; absent when REBUILD_SECRET is empty. */
  rebuild?: { secret: string; coordinator: RebuildCoordinator };
  /** BACKUP_DIR: the dashboard shows its newest backup. */
  backupDir?: string;
  brake?: SignInBrake;
  /** Masterclass sessions and intakes with their seats, and the registrants' links. */
  sessions?: SessionService;
  /** Password checks at a time, and how many more may wait (the rest are refused at once). */
  hashGate?: Gate;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  /** The built pages of the site, to answer a form sent without JavaScript with its own page. */
  sitePage?: SitePage;
  /** Visitors' personal data: staff's one-person view, the "Your data" page's API (server/people.ts). */
  privacy?: PrivacyOptions;
  /** The studio as a supplier (invoices, credit notes, the month's books); from the configuration when absent. */
  books?: BooksConfig;
}

/**
 * Password checks (scrypt, 32 MB and tens of milliseconds each, on libuv's thread pool) run on
 * half the cores at most, so pages keep a core and pool threads; a few more may wait.
 */
function defaultHashGate(): Gate {
  const slots = Math.max(1, Math.floor(os.availableParallelism() / 2));
  return new Gate(slots, 2 * slots);
}

/** Largest accepted body: a full pro audio form is about 4 KB. */
const maxBodyBytes = 16 * 1024;

const tooManyMessage = 'Too many submissions. Please wait a minute and try again.';

/** The form's own page for a form sent without JavaScript (set by the form routes), else undefined. */
const formPageOf = (c: Context): string | undefined => {
  const page: unknown = c.get('formPage' as never);
  return typeof page === 'string' ? page : undefined;
};

function limited(limiter: RateLimiter, proxy: ProxyTrust, bucket: string, sitePage?: SitePage): MiddlewareHandler {
  return async (c, next) => {
    const wait = await limiter.hit(`${bucket}|${clientIp(c, proxy)}`);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      // A form sent without JavaScript gets its page back, filled in, with the message.
      if (isFormPost(c)) {
        const values = urlEncodedFields(await c.req.text());
        return formPageAnswer(c, sitePage, { page: formPageOf(c), values, summary: tooManyMessage }, 429);
      }
      return c.json({ message: tooManyMessage }, 429);
    }
    await next();
  };
}

const tooLargeMessage = `The submission is too large (at most ${maxBodyBytes / 1024} KB).`;
const tooLarge = (sitePage?: SitePage) => (c: Context) =>
  isFormPost(c)
    ? // The body is not read: the browser's Back button returns to the form as it was typed.
      formPageAnswer(
        c,
        sitePage,
        {
          page: formPageOf(c),
          summary: `${tooLargeMessage} Nothing was sent. Go back with your browser's Back button, where what you typed is still in the form, shorten the longest text and send again.`,
        },
        413,
      )
    : c.json({ message: tooLargeMessage }, 413);

/**
 * hono/body-limit, except that a body with a Content-Length is judged by the header alone: the
 * middleware's first look at the raw body makes @hono/node-server build a full Request for every
 * POST and read the body through a web stream (a measurable cost per submission); a chunked body
 * still goes through bodyLimit, which counts what arrives.
 */
const sizeLimitFor = (sitePage?: SitePage): MiddlewareHandler => {
  const onError = tooLarge(sitePage);
  const streamedLimit = bodyLimit({ maxSize: maxBodyBytes, onError });
  return async (c, next) => {
    const length = c.req.header('content-length');
    if (length !== undefined && !c.req.header('transfer-encoding')) {
      return Number(length) > maxBodyBytes ? onError(c) : next();
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
    }),
  );
  app.route('/api', backupRoutes(opts.backupDir, opts.store.db, staffOnly));
  const books = opts.books ?? booksConfig(getEnv(), getStudio());
  app.route('/api', staffApi({ ...opts, books, staffOnly, publicGuards: [publicSizeLimit, formLimit] }));
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
      }),
    );
  app.route('/api', refundRoutes({ ...booksGuards, now: auth.now, seatsFreed: sessions?.passOnOffers }));
  app.all('/api/*', (c) => c.json({ message: 'Not found.' }, 404));
  return app;
}

/** The spec's answer to a stored form (the pro audio form's and the inbox forms'). */
const storedMessage = 'Form submitted successfully!';
const unknownForm = { message: 'There is no such form.' } as const;

/**
 * Checks what came through the door with the form's declaration: a JSON payload, or an HTML form's
 * values (without the honeypot, which the caller has looked at).
 */
function check(form: AnyForm, body: DoorBody, now: Date, facts: FixedFacts): Checked {
  if (body.kind === 'json') return checkPayload(form, body.fields, facts);
  const { [HONEYPOT_NAME]: _honeypot, ...fields } = body.fields;
  return checkFormPost(form, fields, formTimestamp(now), facts);
}

/** True for an HTML form whose hidden honeypot field was filled in: a bot. */
const isBot = (body: DoorBody) => body.kind === 'form' && Boolean(body.fields[HONEYPOT_NAME]);

/**
 * The public form routes and their staff readers, chained so that their types make the browser's
 * client (lib/forms/contract). Every form, the pro audio form at its spec path included, is checked
 * by its declaration and stored as its payload in the one submissions table. A form sent without
 * JavaScript is answered with 303 to the page the spec sends the visitor to, or with its own page
 * showing the outcome; a refused one with its own page, filled in again, each message beside its
 * field; a bot that filled the honeypot is sent on as if it had worked.
 */
function formRoutes(
  opts: ServiceOptions,
  sizeLimit: MiddlewareHandler,
  formLimit: MiddlewareHandler,
  staffOnly: MiddlewareHandler,
) {
  const now = opts.now ?? (() => new Date());
  const inboxFormOf = (name: string): AnyForm | undefined =>
    (inboxFormNames as readonly string[]).includes(name) ? opts.inboxForms[name as InboxFormName] : undefined;
  // A form sent from pages on another of the site's origins (a static host) goes back there.
  const pageOrigin = (c: Context) => {
    const origin = c.req.header('origin') ?? '';
    return origin !== new URL(c.req.url).origin && opts.allowedOrigins?.includes(origin) ? origin : '';
  };
  const formAt = (c: Context): AnyForm | undefined =>
    new URL(c.req.url).pathname === proAudioPath ? proAudioForm : inboxFormOf(c.req.param('form') ?? '');
  const done = (c: Context, form: AnyForm, body: DoorBody) => {
    const to = form.declaration.successPath;
    if (body.kind === 'json') return c.json({ message: storedMessage }, 201);
    if (to) return c.redirect(`${pageOrigin(c)}${to}`, 303);
    const summary = form.messages.success ?? storedMessage;
    return formPageAnswer(c, opts.sitePage, { page: form.declaration.page, summary, outcome: 'done' }, 200);
  };
  /** Knows the form (404 otherwise) and notes its page for the answers of the guards that follow. */
  const known: MiddlewareHandler = async (c, next) => {
    const form = formAt(c);
    if (!form) return c.json(unknownForm, 404);
    c.set('formPage' as never, form.declaration.page as never);
    await next();
  };
  const door = formDoor(opts.sitePage, formPageOf);
  const take = async (c: Context, sent: DoorBody) => {
    const form = formAt(c);
    if (!form) return c.json(unknownForm, 404);
    if (isBot(sent)) return done(c, form, sent);
    // A registration's choice to wait when its session or intake is full ("waitlist": true).
    const waiting = opts.sessions?.splitWaitlist(form.name, sent) ?? { body: sent, wait: false };
    // A course registration's optional intake, checked by the sessions service and stored with it.
    const split = opts.sessions
      ? await opts.sessions.splitIntake(form.name, waiting.body)
      : { ok: true as const, body: waiting.body };
    if (!split.ok) {
      const errors = { [INTAKE_KEY]: split.message };
      if (sent.kind === 'json') return c.json({ message: split.message, errors }, 400);
      const answer = { page: form.declaration.page, values: sent.fields, errors };
      return formPageAnswer(c, opts.sitePage, { ...answer, summary: split.message }, 400);
    }
    const { body } = split;
    // The masterclass sign-up's session: one of those scheduled now (the sessions service's facts).
    const facts = opts.sessions ? await opts.sessions.formFacts(form.name) : {};
    const checked = check(form, body, now(), facts);
    if (!checked.ok) {
      if (body.kind === 'json') return c.json({ message: invalidMessage, errors: checked.errors }, 400);
      // The page comes back as sent, the intake chosen included.
      const answer = { page: form.declaration.page, values: sent.fields, errors: checked.errors };
      return formPageAnswer(c, opts.sitePage, { ...answer, summary: invalidMessage }, 400);
    }
    // The sign-up's schedule is the session the visitor chose, with or without JavaScript (checked).
    const payload = split.intake ? { ...checked.payload, [INTAKE_KEY]: split.intake } : checked.payload;
    try {
      await opts.store.addInbox(form.name, payload);
    } catch (error) {
      if (!opts.sessions || !isSessionFull(error)) throw error;
      const joined = waiting.wait ? await opts.sessions.joinWaitlist(form.name, payload) : undefined;
      if (joined) {
        if (body.kind === 'json') return c.json(joined, 202);
        const answer = { page: form.declaration.page, summary: joined.message, outcome: 'done' as const };
        return formPageAnswer(c, opts.sitePage, answer, 200);
      }
      // A full session: refused with the next session that has seats (and its waitlist offered).
      const message = await opts.sessions.fullMessage(form.name);
      const key = form.name === 'masterclass' ? 'schedule' : INTAKE_KEY;
      if (body.kind === 'json') return c.json({ message, errors: { [key]: message } }, 409);
      // Without JavaScript the page comes back filled in, with "Join the waitlist" beside the message.
      const offer = { name: WAITLIST_KEY, value: 'true', label: 'Join the waitlist' };
      const summary = `${message} Or wait for a seat here: everything you typed is kept.`;
      const answer = { page: form.declaration.page, values: sent.fields, errors: {}, summary, offer };
      return formPageAnswer(c, opts.sitePage, answer, 409);
    }
    return done(c, form, body);
  };

  return new Hono()
    .post(proAudioPath, known, sizeLimit, formLimit, door, (c) => take(c, c.req.valid('json')))
    .get(proAudioPath, staffOnly, async (c) =>
      c.json((await opts.store.listInbox(proAudioForm.name)).map(proAudioRowOf)),
    )
    .post(inboxPath(':form'), known, sizeLimit, formLimit, door, (c) => take(c, c.req.valid('json')))
    .get(inboxPath(':form'), staffOnly, async (c) => {
      const form = inboxFormOf(c.req.param('form'));
      if (!form) return c.json(unknownForm, 404);
      return c.json(await opts.store.listInbox(form.name));
    });
}

/** The form routes' types, for the browser's typed client. */
export type FormRoutes = ReturnType<typeof formRoutes>;
