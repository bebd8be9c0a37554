import { randomBytes } from 'node:crypto';
import { string } from 'yup';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { clientIp, isHttps, type ProxyTrust, jsonBody } from './http';
import { Gate } from './limits';
import type { SignInAttempt, SignInBrake } from './sign-in-brake';
import { CheckTimes, dummyHash, type ScryptCost, verifyPassword } from './passwords';
import type { Store } from '../store/store';
import { jsonOf, sentObject } from './validate';

export interface AuthOptions extends ProxyTrust {
  store: Store;
  sessionTtlHours: number;
  /** Origins whose pages may sign in (SITE_URL's and ALLOWED_ORIGINS), besides the request's own. */
  allowedOrigins: readonly string[];
  brake: SignInBrake;
  /** Password checks run through it: a few at a time, the rest refused at once. */
  hashGate: Gate;
  /** The cost of the stored password hashes (passwords.ts): a made-up name's check runs at it too. */
  passwordCost: ScryptCost;
  now: () => Date;
  sleep: (ms: number) => Promise<void>;
}

export type StaffVars = { staff: { id: number; name: string } };

/** `__Host-` pins the cookie to this host and path / and requires Secure, so it is used over HTTPS. */
function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-studio_session' : 'studio_session';
}

const messages = {
  signIn: 'Sign in to see submissions.',
  wrong: 'Wrong name or password.',
  locked: (seconds: number) =>
    seconds < 120
      ? `Too many sign-ins for this account. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`
      : `Too many failed sign-ins. Try again in ${Math.ceil(seconds / 60)} minutes.`,
  crossSite: 'Cross-site request refused.',
  busy: 'Too many sign-ins at this moment. Try again in a few seconds.',
};

/**
 * Refuses state-changing staff requests that a foreign page could forge: the session cookie is
 * SameSite=Strict already; on top, the body must be JSON (a plain HTML form cannot send that) and
 * an Origin header, when present, must be the site's public address (SITE_URL), one of
 * ALLOWED_ORIGINS, or the address the request itself was sent to. The first two make a proxy that
 * rewrites Host without X-Forwarded-Host (nginx's default proxy_pass) work. Hand-written rather
 * than hono/csrf, which checks only form content types and lets every JSON request through.
 */
export function sameOrigin(opts: AuthOptions): MiddlewareHandler {
  const allowed = new Set(opts.allowedOrigins);
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (origin && !allowed.has(origin)) {
      const host =
        (opts.trustProxy ? c.req.header('x-forwarded-host') : undefined) ??
        c.req.header('host') ??
        new URL(c.req.url).host;
      const expected = `${isHttps(c, opts) ? 'https' : 'http'}://${host}`;
      if (origin !== expected) return c.json({ message: messages.crossSite }, 403);
    }
    await next();
  };
}

async function staffOf(c: Context, opts: AuthOptions) {
  const token = getCookie(c, sessionCookieName(isHttps(c, opts)));
  if (!token || token.length > 200) return undefined;
  return opts.store.sessionStaff(token, opts.now());
}

/** Lets the request through only with a valid, unexpired staff session; 401 and no data otherwise. */
export function requireStaff(opts: AuthOptions): MiddlewareHandler<{ Variables: StaffVars }> {
  return async (c, next) => {
    const staff = await staffOf(c, opts);
    if (!staff) return c.json({ message: messages.signIn }, 401);
    c.set('staff', staff);
    await next();
  };
}

const enterBoth = 'Enter your name and password.';
/** A name as staff type it: trimmed, any case, 40 characters at most. */
const nameOf = (name: string) => name.trim().toLowerCase();

/** The sign-in's body: a name and a password (other fields are ignored, as they always were). */
const loginBody = sentObject(
  {
    name: string()
      .typeError(enterBoth)
      .required(enterBoth)
      .test('name', enterBoth, (name) => name === undefined || (nameOf(name) !== '' && nameOf(name).length <= 40)),
    password: string().typeError(enterBoth).required(enterBoth).max(200, enterBoth),
  },
  enterBoth,
);

/** POST /api/auth/login, POST /api/auth/logout, GET /api/auth/me. */
export function authRoutes(opts: AuthOptions) {
  const tooMany = (c: Context, seconds: number) => {
    c.header('Retry-After', String(seconds));
    return c.json({ message: messages.locked(seconds) }, 429);
  };

  const busy = (c: Context) => {
    c.header('Retry-After', '5');
    return c.json({ message: messages.busy }, 503);
  };

  // A name that does not exist is answered after a recorded duration of a real check instead of a
  // check of its own (see CheckTimes), so a flood of made-up names takes no slot of the gate, which
  // is left to real accounts. Such names run a real check of the dummy hash in a lane of their own
  // (one at a time, never queued): until a few durations are known, then at most once a second,
  // which keeps the durations current as the machine's load changes.
  const times = new CheckTimes();
  const dummyLane = new Gate(1, 0);
  let lastRealDummy = 0;
  const timed = async (started: number, check: () => Promise<boolean>) => {
    try {
      return await check();
    } finally {
      times.add(performance.now() - started);
    }
  };
  // A staff member signing in from an address they signed in from before has a lane of their own:
  // guesses at their account from elsewhere (paced, yet slow under load) cannot fill it.
  const ownersLane = new Gate(1, 4);
  const unknownNameHash = dummyHash(opts.passwordCost);
  const checkPassword = async (
    password: string,
    hash: string | undefined,
    recognised: boolean,
  ): Promise<boolean | 'busy'> => {
    const started = performance.now();
    // Refused the same way for every name (the gate's state says nothing about a name).
    if (!recognised && opts.hashGate.full) return 'busy';
    if (hash) {
      const entered = (recognised ? ownersLane : opts.hashGate).enter();
      if (!entered) return 'busy';
      const leave = await entered;
      return timed(started, () => verifyPassword(password, hash)).finally(leave);
    }
    const due = times.count < 8 || Date.now() - lastRealDummy > 1000;
    const slot = due ? dummyLane.enter() : undefined;
    if (slot) {
      lastRealDummy = Date.now();
      const leave = await slot;
      await timed(started, () => verifyPassword(password, unknownNameHash)).finally(leave);
      return false;
    }
    await times.any();
    await opts.sleep(Math.max(0, times.sample() - (performance.now() - started)));
    return false;
  };

  return (
    new Hono()
      .post('/login', sameOrigin(opts), jsonBody, jsonOf(loginBody), async (c) => {
        const sent = c.req.valid('json');
        const name = nameOf(sent.name);
        const { password } = sent;
        const staff = await opts.store.findStaff(name);
        const attempt: SignInAttempt = { name, known: Boolean(staff), address: clientIp(c, opts) };
        // Counted before the (costly) check: concurrency cannot get past the count.
        const { waitSeconds, recognised } = await opts.brake.reserve(attempt);
        if (waitSeconds > 0) return tooMany(c, waitSeconds);
        const ok = await checkPassword(password, staff?.passwordHash, recognised);
        if (ok === 'busy') {
          await opts.brake.release(attempt);
          return busy(c);
        }
        if (!staff || !ok) {
          const { delayMs, lockedSeconds } = await opts.brake.failed(attempt);
          if (delayMs > 0) await opts.sleep(delayMs);
          if (lockedSeconds > 0) return tooMany(c, lockedSeconds);
          return c.json({ message: messages.wrong }, 401);
        }
        await opts.brake.succeeded(attempt);
        const token = randomBytes(32).toString('base64url');
        const ttlSeconds = opts.sessionTtlHours * 3600;
        const now = opts.now();
        await opts.store.createSession(token, staff.id, new Date(now.getTime() + ttlSeconds * 1000), now);
        const secure = isHttps(c, opts);
        setCookie(c, sessionCookieName(secure), token, {
          httpOnly: true,
          secure,
          sameSite: 'Strict',
          path: '/',
          maxAge: ttlSeconds,
        });
        return c.json({ name: staff.name }, 200);
      })
      .post('/logout', sameOrigin(opts), jsonBody, jsonOf(sentObject({})), async (c) => {
        const secure = isHttps(c, opts);
        const name = sessionCookieName(secure);
        const token = getCookie(c, name);
        if (token && token.length <= 200) await opts.store.deleteSession(token);
        deleteCookie(c, name, { path: '/', secure, httpOnly: true, sameSite: 'Strict' });
        return c.json({ message: 'Signed out.' }, 200);
      })

      // "Who is signed in?" has an answer for everyone: a visitor gets `{ name: null }`, not an error
      // status (pages that show staff extras ask it, and a 401 would be logged as an error in every
      // visitor's console). Every other staff route answers 401 without a session.
      .get('/me', async (c) => {
        const staff = await staffOf(c, opts);
        return c.json({ name: staff ? staff.name : null }, 200);
      })
  );
}

export type AuthRoutes = ReturnType<typeof authRoutes>;
