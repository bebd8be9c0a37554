import type { Hono } from 'hono';
import { inboxForms } from '@/lib/forms/registry';
import { createApp } from '@/server/app';
import { hashPassword, type ScryptCost } from '@/server/platform/passwords';
import type { ServiceOptions } from '@/server/service';
import type { SessionService } from '@/server/sessions/sessions';
import type { Store } from '@/server/store/store';
import { openedStore, type TestDatabase } from './test-stores';

/**
 * The scrypt cost of the tests' staff passwords (1 MB, a few milliseconds a check): production's
 * (passwords.ts: 32 MB, about 100 ms) is kept for the tests that are about a check's cost or time
 * (sign-in.test.ts), and proven there to be what the service and `npm run staff` use by default.
 */
export const testPasswordCost: ScryptCost = { N: 1 << 10, r: 8, p: 1 };

/** A staff password's hash at the tests' cost. */
export const testHash = (password: string): Promise<string> => hashPassword(password, testPasswordCost);

/**
 * The service on `store` as most tests run it: every inbox form, 12-hour sessions, no proxy in
 * front, passwords at the tests' cost; `options` adds to or overrides that (the rate limit has no
 * default: each test picks one).
 */
export function serviceApp(
  store: Store,
  options: Partial<ServiceOptions> & Pick<ServiceOptions, 'rateLimitPerMinute'>,
): Hono {
  return createApp({
    service: { store, inboxForms, sessionTtlHours: 12, trustProxy: false, passwordCost: testPasswordCost, ...options },
  });
}

/** Signs `name` in on `app` and returns the session cookie as a Cookie header holds it (name=value). */
export async function signIn(app: Hono, name: string, password: string): Promise<string> {
  const res = await app.request('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, password }),
  });
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** Adds staff member `name` with `password` (at the tests' cost) to `store`, and returns `serviceApp` with them signed in. */
export async function staffSignedIn(
  store: Store,
  name: string,
  password: string,
  options: Parameters<typeof serviceApp>[1],
): Promise<{ app: Hono; cookie: string }> {
  await store.addStaff(name, await testHash(password));
  const app = serviceApp(store, options);
  return { app, cookie: await signIn(app, name, password) };
}

/** A JSON request's init: `method`, the body as JSON, and staff's session cookie when given. */
export const json = (method: string, body: unknown, cookie = ''): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
  body: JSON.stringify(body),
});

/** A certification registration as its page sends it, choosing intake `intake`. */
export const certificationBody = (intake: number, who = { Name: 'Asha Rao', Email: 'asha@example.com' }) => ({
  Timestamp: '2030-01-01T10:00:00+05:30',
  ...who,
  Phone: '',
  Courses: 'Basic Music Production',
  Mode: 'Online',
  DAW: 'Ableton Live',
  OtherDAW: '',
  Goals: 'Produce my first EP',
  Experience: 'Beginner',
  FinalNotes: '',
  HearAboutUs: 'Instagram',
  Intake: String(intake),
});

/** A service on a test database with staff signed in: what the books and certificate suites work on. */
export interface StaffSite {
  db: TestDatabase;
  store: Store;
  app: Hono;
  sessions: SessionService;
  cookie: string;
}

/** Closes a site's store and database, and its registrants' mail when it has one. */
export async function closeSite(site: StaffSite, mail?: { close: () => Promise<unknown> }): Promise<void> {
  await site.store.close();
  await site.db.dispose();
  await mail?.close();
}

/** A two-hour masterclass session as staff send it to /api/sessions/manage (POST to schedule, PATCH to change). */
export const masterclassSession = (startsAt: string, capacity = 10, meetingUrl = 'https://meet.example/x') => ({
  kind: 'masterclass',
  startsAt,
  durationMinutes: 120,
  capacity,
  meetingUrl,
});

/** A masterclass session staff schedule on `site` (in 2031: a sign-up needs it ahead). */
export async function scheduleMasterclass(site: Pick<StaffSite, 'app' | 'cookie'>) {
  const body = masterclassSession('2031-06-06 14:00');
  const created = await site.app.request('/api/sessions/manage', json('POST', body, site.cookie));
  expect(created.status).toBe(201);
  return (await created.json()).session as { id: number; label: string };
}

/**
 * A suite's store (openedStore) with the service on it and staff `meera` signed in with `password`
 * before the suite's own beforeAll: read `app`, `cookie` and `store` inside the tests.
 */
export function openedStaffSite(make: () => Promise<TestDatabase>, password: string, rateLimitPerMinute = 10_000) {
  const testDb = openedStore(make);
  const signed: { app?: Hono; cookie?: string } = {};
  beforeAll(async () => {
    Object.assign(signed, await staffSignedIn(testDb.store, 'meera', password, { rateLimitPerMinute }));
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('staff sign in in beforeAll');
    return value;
  };
  return {
    get store() {
      return testDb.store;
    },
    get app() {
      return ready(signed.app);
    },
    get cookie() {
      return ready(signed.cookie);
    },
  };
}
