import { randomBytes } from 'node:crypto';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { clientIp, isHttps, isJson, isPlainObject, readJson } from './http';
import type { SignInBrake } from './limits';
import { dummyHash, verifyPassword } from './passwords';
import type { Store } from './store/store';

export interface AuthOptions {
  store: Store;
  sessionTtlHours: number;
  trustProxy: boolean;
  brake: SignInBrake;
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
  locked: (minutes: number) => `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  crossSite: 'Cross-site request refused.',
};

/**
 * Refuses state-changing staff requests that a foreign page could forge: the session cookie is
 * SameSite=Strict already; on top, the body must be JSON (a plain HTML form cannot send that) and
 * an Origin header, when present, must be this site's.
 */
function sameOrigin(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin');
    if (origin) {
      const host =
        (trustProxy ? c.req.header('x-forwarded-host') : undefined) ?? c.req.header('host') ?? new URL(c.req.url).host;
      const expected = `${isHttps(c, trustProxy) ? 'https' : 'http'}://${host}`;
      if (origin !== expected) return c.json({ message: messages.crossSite }, 403);
    }
    await next();
  };
}

async function staffOf(c: Context, opts: AuthOptions) {
  const token = getCookie(c, sessionCookieName(isHttps(c, opts.trustProxy)));
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

/** POST /api/auth/login, POST /api/auth/logout, GET /api/auth/me. */
export function authRoutes(opts: AuthOptions): Hono {
  const app = new Hono();

  app.post('/login', sameOrigin(opts.trustProxy), async (c) => {
    const body = await readJson(c);
    if (!body.ok) return c.json({ message: body.message }, body.status);
    const value = body.value;
    const name = isPlainObject(value) && typeof value.name === 'string' ? value.name.trim().toLowerCase() : '';
    const password = isPlainObject(value) && typeof value.password === 'string' ? value.password : '';
    if (!name || !password || name.length > 40 || password.length > 200) {
      return c.json({ message: 'Enter your name and password.' }, 400);
    }
    const key = `${name}|${clientIp(c, opts.trustProxy)}`;
    const locked = opts.brake.lockedFor(key);
    if (locked > 0) {
      c.header('Retry-After', String(locked));
      return c.json({ message: messages.locked(Math.ceil(locked / 60)) }, 429);
    }
    const staff = await opts.store.findStaff(name);
    // The hash is checked even for an unknown name, so the answer time does not tell names apart.
    const ok = await verifyPassword(password, staff?.passwordHash ?? dummyHash);
    if (!staff || !ok) {
      const delay = opts.brake.fail(key);
      if (delay > 0) await opts.sleep(delay);
      const nowLocked = opts.brake.lockedFor(key);
      if (nowLocked > 0) {
        c.header('Retry-After', String(nowLocked));
        return c.json({ message: messages.locked(Math.ceil(nowLocked / 60)) }, 429);
      }
      return c.json({ message: messages.wrong }, 401);
    }
    opts.brake.succeed(key);
    const token = randomBytes(32).toString('base64url');
    const ttlSeconds = opts.sessionTtlHours * 3600;
    await opts.store.createSession(token, staff.id, new Date(opts.now().getTime() + ttlSeconds * 1000));
    const secure = isHttps(c, opts.trustProxy);
    setCookie(c, sessionCookieName(secure), token, {
      httpOnly: true,
      secure,
      sameSite: 'Strict',
      path: '/',
      maxAge: ttlSeconds,
    });
    return c.json({ name: staff.name });
  });

  app.post('/logout', sameOrigin(opts.trustProxy), async (c) => {
    if (!isJson(c)) return c.json({ message: 'Send the request as JSON (Content-Type: application/json).' }, 415);
    const secure = isHttps(c, opts.trustProxy);
    const name = sessionCookieName(secure);
    const token = getCookie(c, name);
    if (token && token.length <= 200) await opts.store.deleteSession(token);
    deleteCookie(c, name, { path: '/', secure, httpOnly: true, sameSite: 'Strict' });
    return c.json({ message: 'Signed out.' });
  });

  app.get('/me', async (c) => {
    const staff = await staffOf(c, opts);
    if (!staff) return c.json({ message: messages.signIn }, 401);
    return c.json({ name: staff.name });
  });

  return app;
}
