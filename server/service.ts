import { createHash, timingSafeEqual } from 'node:crypto';
import os from 'node:os';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { inboxFormNames, type InboxFormDefinition, type InboxFormName } from '@/lib/forms/types';
import { proAudioSchema, proAudioSuccessMessage, type ProAudioPayload } from '@/lib/forms/pro-audio/schema';
import { authRoutes, requireStaff, type AuthOptions, type StaffVars } from './auth';
import { clientIp, isJson, isPlainObject, type ProxyTrust, readJson } from './http';
import { Gate, RateLimiter, SignInBrake } from './limits';
import type { RebuildCoordinator } from './rebuild';
import type { Store } from './store/store';
import { checkBody } from './validate';

export interface ServiceOptions extends ProxyTrust {
  store: Store;
  /** The inbox forms this deployment accepts (lib/forms/registry); others answer 404. */
  inboxForms: Partial<Record<InboxFormName, InboxFormDefinition>>;
  sessionTtlHours: number;
  rateLimitPerMinute: number;
  /** Origins whose pages may sign in (SITE_URL's and ALLOWED_ORIGINS), besides the request's own. */
  allowedOrigins?: readonly string[];
  /** The rebuild webhook; absent when REBUILD_SECRET is empty. */
  rebuild?: { secret: string; coordinator: RebuildCoordinator };
  brake?: SignInBrake;
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

const invalidMessage = 'Some fields are missing or not valid.';

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
export function serviceRoutes(opts: ServiceOptions): Hono {
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

  const proAudioPath = '/pro-audio-form/save-form.php';
  app.post(proAudioPath, sizeLimit, formLimit, async (c) => {
    const body = await readJson(c);
    if (!body.ok) return c.json({ message: body.message, errors: {} }, body.status);
    const checked = await checkBody<ProAudioPayload>(
      body.value,
      {
        strings: ['fullName', 'email', 'phone', 'budget', 'message'],
        lists: ['availability', 'additionalServices'],
        optional: ['availability', 'additionalServices', 'budget', 'message'],
      },
      proAudioSchema,
    );
    if (!checked.ok) return c.json({ message: invalidMessage, errors: checked.errors }, 400);
    await opts.store.addProAudio(checked.value);
    return c.json({ message: proAudioSuccessMessage }, 201);
  });
  app.get(proAudioPath, staffOnly, async (c) => c.json(await opts.store.listProAudio()));

  const formOf = (name: string): InboxFormDefinition | undefined =>
    (inboxFormNames as readonly string[]).includes(name) ? opts.inboxForms[name as InboxFormName] : undefined;
  const unknownForm = { message: 'There is no such form.' };

  app.post(
    '/api/forms/:form',
    sizeLimit,
    async (c, next) => (formOf(c.req.param('form')) ? next() : c.json(unknownForm, 404)),
    formLimit,
    async (c) => {
      const def = formOf(c.req.param('form'));
      if (!def) return c.json(unknownForm, 404);
      const body = await readJson(c);
      if (!body.ok) return c.json({ message: body.message, errors: {} }, body.status);
      // A key is a list when the form's schema says so (yup's `array()`), else text.
      const fields = def.payloadSchema.fields as Record<string, { type?: string } | undefined>;
      const listKeys = def.payloadKeys.filter((k) => fields[k]?.type === 'array');
      const checked = await checkBody<Record<string, unknown>>(
        body.value,
        { strings: def.payloadKeys.filter((k) => !listKeys.includes(k)), lists: listKeys, optional: def.payloadKeys },
        def.payloadSchema,
      );
      if (!checked.ok) return c.json({ message: invalidMessage, errors: checked.errors }, 400);
      const payload: Record<string, unknown> = {};
      for (const key of def.payloadKeys) if (checked.value[key] !== undefined) payload[key] = checked.value[key];
      await opts.store.addInbox(def.name, payload);
      return c.json({ message: 'Form submitted successfully!' }, 201);
    },
  );
  app.get('/api/forms/:form', staffOnly, async (c) => {
    const def = formOf(c.req.param('form'));
    if (!def) return c.json(unknownForm, 404);
    return c.json(await opts.store.listInbox(def.name));
  });

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
      if (body.ok && isPlainObject(body.value) && typeof body.value.reason === 'string') {
        reason = body.value.reason.replace(/[\u0000-\u001f]/g, ' ').slice(0, 200) || reason;
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

  app.all('/api/*', (c) => c.json({ message: 'Not found.' }, 404));
  return app as unknown as Hono;
}
