import { createHash, timingSafeEqual } from 'node:crypto';
import os from 'node:os';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { checkFormPost, checkPayload, type Checked } from '@/lib/forms/declaration';
import { HONEYPOT_NAME } from '@/lib/forms/anti-spam';
import { inboxPath, proAudioPath } from '@/lib/forms/contract';
import { proAudioForm, proAudioPayloadOf, proAudioSuccessMessage } from '@/lib/forms/pro-audio/schema';
import type { AnyForm } from '@/lib/forms/registry';
import { formTimestamp } from '@/lib/forms/timestamp';
import { inboxFormNames, type InboxFormName } from '@/lib/forms/types';
import { authRoutes, requireStaff, type AuthOptions, type StaffVars } from './auth';
import { clientIp, isJson, isPlainObject, type ProxyTrust, readJson } from './http';
import { Gate, RateLimiter, SignInBrake } from './limits';
import { staffApi } from './staff-api';
import type { RebuildCoordinator } from './rebuild';
import { isSessionFull, type SessionService } from './sessions';
import type { Store } from './store/store';
import { backPath, formDoor, invalidMessage, messagePage, type DoorBody } from './form-door';

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
  brake?: SignInBrake;
  /** Masterclass sessions and intakes with their seats, and the registrants' links. */
  sessions?: SessionService;
  /** Password checks at a time, and how many more may wait (the rest are refused at once). */
  hashGate?: Gate;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
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

/** Constant-time comparison of two secrets of any length (their hashes have equal length). */
function secretsEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && given.length === expected.length;
}

function limited(limiter: RateLimiter, proxy: ProxyTrust, bucket: string): MiddlewareHandler {
  return async (c, next) => {
    const wait = limiter.hit(`${bucket}|${clientIp(c, proxy)}`);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return c.json({ message: 'Too many submissions. Please wait a minute and try again.' }, 429);
    }
    await next();
  };
}

const tooLarge = (c: Context) =>
  c.json({ message: `The submission is too large (at most ${maxBodyBytes / 1024} KB).` }, 413);
const streamedLimit = bodyLimit({ maxSize: maxBodyBytes, onError: tooLarge });

/**
 * hono/body-limit, except that a body with a Content-Length is judged by the header alone: the
 * middleware's first look at the raw body makes @hono/node-server build a full Request for every
 * POST and read the body through a web stream (a measurable cost per submission); a chunked body
 * still goes through bodyLimit, which counts what arrives.
 */
const sizeLimit: MiddlewareHandler = async (c, next) => {
  const length = c.req.header('content-length');
  if (length !== undefined && !c.req.header('transfer-encoding')) {
    return Number(length) > maxBodyBytes ? tooLarge(c) : next();
  }
  return streamedLimit(c, next);
};

/**
 * The submissions service: the pro audio form and its table, the inbox of the visitor forms, staff
 * sign-in, and the rebuild webhook. Every answer is JSON with a `message` on errors, and never
 * cached.
 */
export function serviceRoutes(opts: ServiceOptions) {
  const app = new Hono<{ Variables: StaffVars }>();
  const limiter = new RateLimiter(opts.rateLimitPerMinute);
  const auth: AuthOptions = {
    store: opts.store,
    sessionTtlHours: opts.sessionTtlHours,
    trustProxy: opts.trustProxy,
    trustedProxies: opts.trustedProxies,
    allowedOrigins: opts.allowedOrigins ?? [],
    brake: opts.brake ?? new SignInBrake(),
    hashGate: opts.hashGate ?? defaultHashGate(),
    now: opts.now ?? (() => new Date()),
    sleep: opts.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
  };
  const staffOnly = requireStaff(auth);
  const formLimit = limited(limiter, opts, 'form');

  // Cache-Control: no-store and the security headers are set in app.ts for /api/* and
  // /pro-audio-form/*; a `use('*')` here would also run for the static site's files.

  const { sessions } = opts;
  if (sessions) {
    // The sign-up's check accepts the labels of the sessions staff scheduled, as they are now.
    app.use(inboxPath('masterclass'), async (c, next) => {
      if (c.req.method === 'POST') await sessions.refreshLabels();
      await next();
    });
  }
  app.route('/', formRoutes(opts, formLimit, staffOnly));
  app.route('/api/auth', authRoutes(auth));

  app.post('/api/rebuild', sizeLimit, limited(limiter, opts, 'rebuild'), async (c) => {
    if (!opts.rebuild) {
      return c.json({ message: 'The rebuild webhook is off: set REBUILD_SECRET on the server to turn it on.' }, 503);
    }
    const bearer = c.req.header('authorization')?.match(/^Bearer\s+(.+)$/i)?.[1];
    const given = bearer ?? c.req.header('x-rebuild-secret') ?? '';
    if (!secretsEqual(given, opts.rebuild.secret)) return c.json({ message: 'Wrong or missing secret.' }, 401);
    let reason = 'webhook';
    if (isJson(c)) {
      const body = await readJson(c);
      if (!body.ok) return c.json({ message: body.message }, body.status);
      if (isPlainObject(body.value) && typeof body.value.reason === 'string') {
        // readJson has refused control characters but tab and line breaks: the reason is one line.
        reason = body.value.reason.replace(/\s+/g, ' ').trim().slice(0, 200) || reason;
      }
    }
    const result = opts.rebuild.coordinator.trigger(reason);
    const message =
      result === 'started' ? 'Build started.' : 'A build is running; one more build will follow it with this change.';
    return c.json({ message, status: result }, 202);
  });
  app.get('/api/builds', staffOnly, async (c) =>
    c.json({
      enabled: Boolean(opts.rebuild),
      busy: opts.rebuild?.coordinator.busy ?? false,
      builds: await opts.store.listBuilds(),
    }),
  );

  app.route('/api', staffApi({ ...opts, staffOnly, publicGuards: [sizeLimit, formLimit] }));
  if (sessions) app.route('/api', sessions.routes({ staffOnly, publicGuards: [sizeLimit, formLimit] }));
  app.all('/api/*', (c) => c.json({ message: 'Not found.' }, 404));
  return app;
}

/** The spec's answer to a stored inbox form. */
const storedMessage = 'Form submitted successfully!';
const unknownForm = { message: 'There is no such form.' } as const;

/**
 * Checks what came through the door with the form's declaration: a JSON payload, or an HTML form's
 * values (without the honeypot, which the caller has looked at).
 */
function check(form: AnyForm, body: DoorBody, now: Date): Checked {
  if (body.kind === 'json') return checkPayload(form, body.fields);
  const { [HONEYPOT_NAME]: _honeypot, ...fields } = body.fields;
  return checkFormPost(form, fields, formTimestamp(now));
}

/** True for an HTML form whose hidden honeypot field was filled in: a bot. */
const isBot = (body: DoorBody) => body.kind === 'form' && Boolean(body.fields[HONEYPOT_NAME]);

/**
 * The public form routes and their staff readers, chained so that their types make the browser's
 * client (lib/forms/contract). A form sent without JavaScript is answered with 303 to the page the
 * spec sends the visitor to (or a small page with the spec's message), or a page listing what was
 * wrong with a link back; a bot that filled the honeypot is sent on as if it had worked.
 */
function formRoutes(opts: ServiceOptions, formLimit: MiddlewareHandler, staffOnly: MiddlewareHandler) {
  const now = opts.now ?? (() => new Date());
  const formOf = (name: string): AnyForm | undefined =>
    (inboxFormNames as readonly string[]).includes(name) ? opts.inboxForms[name as InboxFormName] : undefined;
  const refused = (c: Context, body: DoorBody, errors: Record<string, string>) =>
    body.kind === 'form'
      ? c.html(messagePage(invalidMessage, Object.values(errors), backPath(c.req.header('referer'), c.req.url)), 400)
      : c.json({ message: invalidMessage, errors }, 400);
  const done = (c: Context, form: AnyForm, body: DoorBody) => {
    const to = form.declaration.successPath;
    if (body.kind === 'json')
      return c.json({ message: form === proAudioForm ? proAudioSuccessMessage : storedMessage }, 201);
    if (to) return c.redirect(to, 303);
    return c.html(
      messagePage(form.messages.success ?? storedMessage, [], backPath(c.req.header('referer'), c.req.url)),
    );
  };

  return new Hono()
    .post(proAudioPath, sizeLimit, formLimit, formDoor, async (c) => {
      const body = c.req.valid('json');
      if (isBot(body)) return done(c, proAudioForm, body);
      const checked = check(proAudioForm, body, now());
      if (!checked.ok) return refused(c, body, checked.errors);
      await opts.store.addProAudio(proAudioPayloadOf(checked.payload));
      return done(c, proAudioForm, body);
    })
    .get(proAudioPath, staffOnly, async (c) => c.json(await opts.store.listProAudio()))
    .post(
      inboxPath(':form'),
      sizeLimit,
      async (c, next) => (formOf(c.req.param('form')) ? next() : c.json(unknownForm, 404)),
      formLimit,
      formDoor,
      async (c) => {
        const form = formOf(c.req.param('form'));
        if (!form) return c.json(unknownForm, 404);
        const body = c.req.valid('json');
        if (isBot(body)) return done(c, form, body);
        const checked = check(form, body, now());
        if (!checked.ok) return refused(c, body, checked.errors);
        // The sign-up's schedule is the session the visitor chose (checked against the accepted labels above).
        const sentSchedule = form.name === 'masterclass' && body.kind === 'json' ? body.fields.schedule : undefined;
        const payload =
          typeof sentSchedule === 'string' ? { ...checked.payload, schedule: sentSchedule } : checked.payload;
        try {
          await opts.store.addInbox(form.name, payload);
        } catch (error) {
          if (!opts.sessions || !isSessionFull(error)) throw error;
          const message = await opts.sessions.fullMessage();
          return body.kind === 'form'
            ? c.html(messagePage(message, [], backPath(c.req.header('referer'), c.req.url)), 409)
            : c.json({ message, errors: { schedule: message } }, 409);
        }
        return done(c, form, body);
      },
    )
    .get(inboxPath(':form'), staffOnly, async (c) => {
      const form = formOf(c.req.param('form'));
      if (!form) return c.json(unknownForm, 404);
      return c.json(await opts.store.listInbox(form.name));
    });
}

/** The form routes' types, for the browser's typed client. */
export type FormRoutes = ReturnType<typeof formRoutes>;
