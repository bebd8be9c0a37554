/** @jest-environment node */
import type { Hono } from 'hono';
import { queryForm } from '@/lib/forms/query';
import { proAudioRowOf } from '@/lib/forms/pro-audio/schema';
import { createApp } from '@/server/app';
import { SignInBrake } from '@/server/platform/sign-in-brake';
import { RebuildCoordinator } from '@/server/site/rebuild';
import type { ServiceOptions } from '@/server/service';
import { databaseKinds, openedStore } from './test-stores';
import { testHash, testPasswordCost } from './service-app';

jest.setTimeout(180_000);

const path = '/pro-audio-form/save-form.php';
const password = 'correct horse battery staple';

const valid = {
  fullName: 'Asha Rao',
  email: 'asha@example.com',
  phone: '9876543210',
  availability: ['Weekdays', 'Evenings'],
  additionalServices: ['Mixing', 'Mastering'],
  budget: '20000',
  message: 'Two songs, live drums.',
};

const hostile = {
  ...valid,
  fullName: "Robert'); DROP TABLE pro_audio_submissions;--",
  budget: "1' OR '1'='1",
  message: '<script>alert("x")</script><img src=x onerror=alert(1)>',
};

function json(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

describe.each(databaseKinds)('the service on %s', (_label, make) => {
  const testDb = openedStore(make);
  let app: Hono;
  let slept: number[];
  let options: ServiceOptions;

  const count = async () => (await testDb.store.listInbox('pro-audio')).map(proAudioRowOf).length;

  async function signIn(target: Hono = app, headers: Record<string, string> = {}): Promise<string> {
    const res = await target.request('/api/auth/login', json({ name: 'meera', password }, headers));
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie') ?? '';
    return cookie.split(';')[0] ?? '';
  }

  beforeAll(async () => {
    await testDb.store.addStaff('meera', await testHash(password));
  });
  beforeEach(() => {
    slept = [];
    options = {
      store: testDb.store,
      inboxForms: { query: queryForm },
      sessionTtlHours: 12,
      rateLimitPerMinute: 1000,
      trustProxy: true,
      brake: new SignInBrake(),
      passwordCost: testPasswordCost,
      sleep: async (ms) => {
        slept.push(ms);
      },
    };
    app = createApp({ service: options });
  });

  describe('POST /pro-audio-form/save-form.php', () => {
    it('stores a valid submission and answers 201 with the spec message', async () => {
      const before = await count();
      const res = await app.request(path, json(valid));
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual({ message: 'Form submitted successfully!' });
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await count()).toBe(before + 1);
    });

    it('accepts only name, e-mail and phone, defaulting the optional fields', async () => {
      const res = await app.request(
        path,
        json({ fullName: 'Dev', email: 'dev@example.com', phone: '+91 98765-43210' }),
      );
      expect(res.status).toBe(201);
      const [row] = (await testDb.store.listInbox('pro-audio')).map(proAudioRowOf);
      expect(row).toMatchObject({
        full_name: 'Dev',
        availability: [],
        additional_services: [],
        budget: '',
        message: '',
      });
    });

    const long = (n: number) => 'x'.repeat(n);
    const bad: Array<[string, number, RequestInit, string | undefined]> = [
      ['malformed JSON', 400, json('{"fullName": "Asha",'), undefined],
      ['a JSON array', 400, json([valid]), ''],
      ['a JSON string', 400, json('"hello"'), ''],
      ['a number for the name', 400, json({ ...valid, fullName: 42 }), 'fullName'],
      ['an object for the phone', 400, json({ ...valid, phone: { n: 1 } }), 'phone'],
      ['a string for availability', 400, json({ ...valid, availability: 'Weekdays' }), 'availability'],
      ['numbers in a list', 400, json({ ...valid, additionalServices: [1, 2] }), 'additionalServices'],
      ['a missing e-mail', 400, json({ ...valid, email: undefined }), 'email'],
      ['a blank name', 400, json({ ...valid, fullName: '   ' }), 'fullName'],
      ['a missing phone', 400, json({ fullName: 'A', email: 'a@example.com' }), 'phone'],
      ['a malformed e-mail', 400, json({ ...valid, email: 'asha@' }), 'email'],
      ['letters for a phone', 400, json({ ...valid, phone: 'call me' }), 'phone'],
      ['an unknown availability', 400, json({ ...valid, availability: ['Mornings'] }), 'availability'],
      ['an unknown service', 400, json({ ...valid, additionalServices: ['Singing'] }), 'additionalServices'],
      ['a repeated value', 400, json({ ...valid, availability: ['Weekdays', 'Weekdays'] }), 'availability'],
      ['an unknown field', 400, json({ ...valid, isAdmin: true }), 'isAdmin'],
      ['a message over 3000 characters', 400, json({ ...valid, message: long(3001) }), 'message'],
      ['a body over 16 KB', 413, json({ ...valid, message: long(17 * 1024) }), undefined],
      [
        'another content type',
        415,
        { method: 'POST', headers: { 'Content-Type': 'application/xml' }, body: JSON.stringify(valid) },
        undefined,
      ],
      [
        'plain text that is not JSON',
        400,
        { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hi' },
        undefined,
      ],
      // A Blob without a type, since fetch labels a string body text/plain.
      ['no content type', 415, { method: 'POST', body: new Blob([JSON.stringify(valid)]) }, undefined],
    ];
    it.each(bad)('refuses %s with %i and saves nothing', async (_case, status, init, field) => {
      const before = await count();
      const res = await app.request(path, init);
      expect(res.status).toBe(status);
      const body = (await res.json()) as { message: string; errors?: Record<string, string> };
      expect(typeof body.message).toBe('string');
      expect(body.message.length).toBeGreaterThan(0);
      if (field !== undefined) expect(body.errors?.[field]).toEqual(expect.any(String));
      expect(await count()).toBe(before);
    });

    it('stores SQL-looking and script strings verbatim and returns them as JSON data', async () => {
      expect((await app.request(path, json(hostile))).status).toBe(201);
      const cookie = await signIn();
      const res = await app.request(path, { headers: { Cookie: cookie } });
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      const rows = (await res.json()) as Array<Record<string, unknown>>;
      expect(rows[0]).toMatchObject({ full_name: hostile.fullName, budget: hostile.budget, message: hostile.message });
      expect(
        await testDb.store.db.query(
          "SELECT 1 FROM information_schema.tables WHERE table_name = 'form_submissions' AND table_schema = current_schema()",
        ),
      ).toHaveLength(1);
    });

    it('limits each client address per minute with 429 and Retry-After', async () => {
      const limited = createApp({ service: { ...options, rateLimitPerMinute: 3 } });
      const from = (ip: string) => json(valid, { 'X-Forwarded-For': `203.0.113.9, ${ip}` });
      for (let i = 0; i < 3; i++) expect((await limited.request(path, from('198.51.100.1'))).status).toBe(201);
      const before = await count();
      const res = await limited.request(path, from('198.51.100.1'));
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await count()).toBe(before);
      expect((await limited.request(path, from('198.51.100.2'))).status).toBe(201);
    });

    it('keeps all of 200 concurrent submissions, and after a restart', async () => {
      const before = await count();
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => app.request(path, json({ ...valid, fullName: `Concurrent ${i}` }))),
      );
      expect(answers.every((r) => r.status === 201)).toBe(true);
      expect(await count()).toBe(before + 200);
      await testDb.reopen();
      const names = new Set((await testDb.store.listInbox('pro-audio')).map(proAudioRowOf).map((r) => r.full_name));
      expect([...names].filter((n) => n.startsWith('Concurrent ')).length).toBe(200);
    });
  });

  describe('reading submissions needs a staff session', () => {
    const reads = [path, '/api/forms/query', '/api/builds'];

    it.each(reads)('GET %s without a session is 401 with no data', async (url) => {
      const res = await app.request(url);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'Sign in to see submissions.' });
    });

    it.each(reads)('GET %s with a forged cookie is 401', async (url) => {
      const res = await app.request(url, {
        headers: { Cookie: 'studio_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      });
      expect(res.status).toBe(401);
    });

    it.each(reads)('GET %s with an expired session is 401', async (url) => {
      const cookie = await signIn();
      const later = createApp({ service: { ...options, now: () => new Date(Date.now() + 13 * 3600_000) } });
      expect((await later.request(url, { headers: { Cookie: cookie } })).status).toBe(401);
      expect((await app.request(url, { headers: { Cookie: cookie } })).status).toBe(200);
    });

    it('gives the rows to a signed-in staff member, and nothing after sign-out', async () => {
      await app.request(path, json(valid));
      const cookie = await signIn();
      const me = await app.request('/api/auth/me', { headers: { Cookie: cookie } });
      expect(await me.json()).toEqual({ name: 'meera' });
      const res = await app.request(path, { headers: { Cookie: cookie } });
      expect(res.status).toBe(200);
      const rows = (await res.json()) as Array<Record<string, unknown>>;
      expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
        [
          'id',
          'full_name',
          'email',
          'phone',
          'availability',
          'additional_services',
          'budget',
          'message',
          'received_at',
        ].sort(),
      );
      const out = await app.request('/api/auth/logout', json({}, { Cookie: cookie }));
      expect(out.status).toBe(200);
      expect(out.headers.get('set-cookie')).toMatch(/studio_session=;.*Max-Age=0/);
      expect((await app.request(path, { headers: { Cookie: cookie } })).status).toBe(401);
      const after = await app.request('/api/auth/me', { headers: { Cookie: cookie } });
      expect(after.status).toBe(200);
      expect(await after.json()).toEqual({ name: null });
    });
  });

  describe('sign-in', () => {
    it('sets an HttpOnly, SameSite=Strict cookie that expires, Secure and __Host- over HTTPS', async () => {
      const plain = await app.request('/api/auth/login', json({ name: 'meera', password }));
      expect(plain.headers.get('set-cookie')).toMatch(
        /^studio_session=[\w-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Strict$/,
      );
      const https = await app.request(
        '/api/auth/login',
        json({ name: 'meera', password }, { 'X-Forwarded-Proto': 'https' }),
      );
      expect(https.headers.get('set-cookie')).toMatch(
        /^__Host-studio_session=[\w-]{43}; Max-Age=43200; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
      );
    });

    it('gives the same answer for an unknown name and a wrong password', async () => {
      const unknown = await app.request(
        '/api/auth/login',
        json({ name: 'nobody', password }, { 'X-Forwarded-For': '192.0.2.1' }),
      );
      const wrong = await app.request(
        '/api/auth/login',
        json({ name: 'meera', password: 'wrong password!' }, { 'X-Forwarded-For': '192.0.2.1' }),
      );
      expect(unknown.status).toBe(401);
      expect(wrong.status).toBe(401);
      expect(await unknown.json()).toEqual(await wrong.json());
      expect(unknown.headers.get('set-cookie')).toBeNull();
    });

    it('slows repeated failures, then refuses the name from that address for 15 minutes', async () => {
      const attempt = (pw: string, ip = '192.0.2.50') =>
        app.request('/api/auth/login', json({ name: 'meera', password: pw }, { 'X-Forwarded-For': ip }));
      for (let i = 0; i < 4; i++) expect((await attempt('not the password')).status).toBe(401);
      expect(slept).toEqual([250, 500, 1000, 2000]);
      const fifth = await attempt('not the password');
      expect(fifth.status).toBe(429);
      expect(Number(fifth.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
      expect(((await fifth.json()) as { message: string }).message).toBe(
        'Too many failed sign-ins. Try again in 15 minutes.',
      );
      const right = await attempt(password);
      expect(right.status).toBe(429);
      expect(right.headers.get('set-cookie')).toBeNull();
      expect((await attempt(password, '192.0.2.51')).status).toBe(200);
    });

    it('refuses a sign-in that is not JSON, or comes from another site', async () => {
      const form = await app.request('/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `name=meera&password=${encodeURIComponent(password)}`,
      });
      expect(form.status).toBe(415);
      const foreign = await app.request(
        'http://studio.test/api/auth/login',
        json({ name: 'meera', password }, { Origin: 'https://evil.example' }),
      );
      expect(foreign.status).toBe(403);
      const same = await app.request(
        'http://studio.test/api/auth/login',
        json({ name: 'meera', password }, { Origin: 'http://studio.test' }),
      );
      expect(same.status).toBe(200);
    });

    it('refuses a sign-out that is not JSON', async () => {
      const cookie = await signIn();
      const res = await app.request('/api/auth/logout', { method: 'POST', headers: { Cookie: cookie } });
      expect(res.status).toBe(415);
      expect((await app.request(path, { headers: { Cookie: cookie } })).status).toBe(200);
    });
  });

  describe('the inbox', () => {
    const query = {
      Name: 'Kabir',
      Email: 'kabir@example.com',
      Query: 'Do you teach Ableton on weekends?',
      Timestamp: '20/11/2026, 10:00:00',
    };

    it('stores a valid form as the form would send it (markup removed, SQL-looking text verbatim), for staff only', async () => {
      const res = await app.request(
        '/api/forms/query',
        json({ ...query, Query: "<b>bold</b> '; DELETE FROM staff;--" }),
      );
      expect(res.status).toBe(201);
      const cookie = await signIn();
      const rows = (await (await app.request('/api/forms/query', { headers: { Cookie: cookie } })).json()) as Array<{
        payload: Record<string, string>;
      }>;
      expect(rows[0]?.payload).toEqual({ ...query, Query: "bold '; DELETE FROM staff;--" });
    });

    it.each([
      ['unknown form', '/api/forms/newsletter', json(query), 404],
      ['form without a definition here', '/api/forms/diploma', json(query), 404],
      ['missing field', '/api/forms/query', json({ ...query, Email: undefined }), 400],
      ['too short a query', '/api/forms/query', json({ ...query, Query: 'short' }), 400],
      ['wrong type', '/api/forms/query', json({ ...query, Name: ['a'] }), 400],
      ['unknown key', '/api/forms/query', json({ ...query, Extra: 'x' }), 400],
      ['malformed JSON', '/api/forms/query', json('{'), 400],
      [
        'another content type',
        '/api/forms/query',
        { method: 'POST', headers: { 'Content-Type': 'application/xml' }, body: JSON.stringify(query) },
        415,
      ],
      ['oversized body', '/api/forms/query', json({ ...query, Query: 'y'.repeat(20_000) }), 413],
    ])('refuses a %s and saves nothing', async (_case, url, init, status) => {
      const before = (await testDb.store.listInbox('query')).length;
      const res = await app.request(url, init);
      expect(res.status).toBe(status);
      expect(typeof ((await res.json()) as { message: string }).message).toBe('string');
      expect((await testDb.store.listInbox('query')).length).toBe(before);
    });

    it('stores JSON sent as plain text, as pages send it to a form endpoint that is this service', async () => {
      const before = (await testDb.store.listInbox('query')).length;
      const res = await app.request('/api/forms/query', {
        method: 'POST',
        headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify(query),
      });
      expect(res.status).toBe(201);
      expect((await testDb.store.listInbox('query')).length).toBe(before + 1);
    });

    it('answers 404 to staff for an unknown form', async () => {
      const cookie = await signIn();
      expect((await app.request('/api/forms/newsletter', { headers: { Cookie: cookie } })).status).toBe(404);
    });
  });

  describe('the rebuild webhook', () => {
    const secret = 's3cret-value-long-enough-for-the-hook';

    it('is off without a secret', async () => {
      const res = await app.request('/api/rebuild', { method: 'POST', headers: { Authorization: `Bearer ${secret}` } });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { message: string }).message).toMatch(/REBUILD_SECRET/);
    });

    it('needs the secret, then starts a build and reports it to staff', async () => {
      const built: string[] = [];
      const coordinator = new RebuildCoordinator({
        store: testDb.store,
        build: async (folder) => {
          built.push(folder);
          return { ok: true, folder, log: 'done' };
        },
        nextFolder: () => `builds/test-${built.length}`,
        activate: async () => undefined,
        log: () => undefined,
      });
      const hooked = createApp({ service: { ...options, rebuild: { secret, coordinator } } });
      const attempts: Array<Record<string, string>> = [
        {},
        { Authorization: 'Bearer wrong' },
        { 'X-Rebuild-Secret': secret.slice(0, -1) },
        { Authorization: `Bearer ${secret}x` },
      ];
      for (const headers of attempts) {
        expect((await hooked.request('/api/rebuild', { method: 'POST', headers })).status).toBe(401);
      }
      expect(built).toEqual([]);
      const res = await hooked.request(
        '/api/rebuild',
        json({ reason: 'page 22 saved' }, { Authorization: `Bearer ${secret}` }),
      );
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ message: 'Build started.', status: 'started' });
      await coordinator.idle();
      expect(built).toHaveLength(1);
      expect(
        (await hooked.request('/api/rebuild', { method: 'POST', headers: { 'X-Rebuild-Secret': secret } })).status,
      ).toBe(202);
      await coordinator.idle();
      const cookie = await signIn(hooked);
      const list = (await (await hooked.request('/api/builds', { headers: { Cookie: cookie } })).json()) as {
        enabled: boolean;
        builds: Array<{ status: string; reason: string }>;
      };
      expect(list.enabled).toBe(true);
      expect(list.builds.slice(0, 2).map((b) => [b.status, b.reason])).toEqual([
        ['succeeded', 'webhook'],
        ['succeeded', 'page 22 saved'],
      ]);
    });

    it('Site builds lists what the studio must put right in the served pages (built with other prices)', async () => {
      const warning =
        'The pages show the masterclass at ₹149 + GST but the service charges ₹99 + GST: rebuild the site.';
      const warned = createApp({ service: { ...options, siteWarnings: () => [warning] } });
      const answer = await warned.request('/api/builds', { headers: { Cookie: await signIn(warned) } });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual(expect.objectContaining({ enabled: false, warnings: [warning] }));
      const plain = await app.request('/api/builds', { headers: { Cookie: await signIn() } });
      expect(await plain.json()).toEqual(expect.objectContaining({ warnings: [] }));
    });

    it("new photos' notice needs the secret and valid ids, prepares them and starts no build", async () => {
      const built: string[] = [];
      const prepared: number[][] = [];
      const coordinator = new RebuildCoordinator({
        store: testDb.store,
        build: async (folder) => {
          built.push(folder);
          return { ok: true, folder, log: 'done' };
        },
        nextFolder: () => 'builds/photos',
        activate: async () => undefined,
        log: () => undefined,
      });
      const photos = {
        prepare: (ids: readonly number[]) => void prepared.push([...ids]),
        settled: async () => undefined,
      };
      const hooked = createApp({ service: { ...options, rebuild: { secret, coordinator, photos } } });
      const auth = { Authorization: `Bearer ${secret}` };
      expect((await hooked.request('/api/rebuild/photos', json({ media: [5] }))).status).toBe(401);
      const refused: Array<[unknown, number, RegExp]> = [
        [{}, 400, /media/],
        [{ media: ['five'] }, 400, /./],
        [{ media: [-1] }, 400, /./],
        [{ media: Array.from({ length: 101 }, (_, i) => i + 1) }, 400, /./],
      ];
      for (const [body, status, message] of refused) {
        const res = await hooked.request('/api/rebuild/photos', json(body, auth));
        expect(res.status).toBe(status);
        expect(((await res.json()) as { message: string }).message).toMatch(message);
      }
      const res = await hooked.request('/api/rebuild/photos', json({ media: [12, 13, 12] }, auth));
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({
        message: 'The new photos are being prepared for the next build; no build started.',
        status: 'preparing',
      });
      expect(prepared).toEqual([[12, 13]]);
      await coordinator.idle();
      expect(built).toEqual([]);
      const without = createApp({ service: { ...options, rebuild: { secret, coordinator } } });
      const ignored = await without.request('/api/rebuild/photos', json({ media: [12] }, auth));
      expect(ignored.status).toBe(200);
      expect(await ignored.json()).toMatchObject({ status: 'ignored' });
    });

    it('"Rebuild now" is for signed-in staff from the site itself, and is queued with the webhook\'s builds', async () => {
      const releases: Array<() => void> = [];
      const reasons: string[] = [];
      const coordinator = new RebuildCoordinator({
        store: {
          startBuild: async (reason) => {
            reasons.push(reason);
            return testDb.store.startBuild(reason);
          },
          finishBuild: (...args) => testDb.store.finishBuild(...args),
        },
        build: (folder) => new Promise((resolve) => releases.push(() => resolve({ ok: true, folder, log: 'done' }))),
        nextFolder: () => 'builds/now',
        activate: async () => undefined,
        log: () => undefined,
      });
      expect((await app.request('/api/builds', json({}, { Cookie: await signIn() }))).status).toBe(503);
      const hooked = createApp({ service: { ...options, rebuild: { secret, coordinator } } });
      expect((await hooked.request('/api/builds', json({}))).status).toBe(401);
      const cookie = await signIn(hooked);
      const foreign = await hooked.request('/api/builds', json({}, { Cookie: cookie, Origin: 'https://evil.example' }));
      expect(foreign.status).toBe(403);
      const plain = { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'text/plain' }, body: '{}' };
      expect((await hooked.request('/api/builds', plain)).status).toBe(415);
      expect(reasons).toEqual([]);
      const first = await hooked.request('/api/builds', json({}, { Cookie: cookie, Origin: 'http://localhost' }));
      expect(first.status).toBe(202);
      expect(await first.json()).toEqual({ message: 'Build started.', status: 'started' });
      const hook = await hooked.request(
        '/api/rebuild',
        json({ reason: 'news saved' }, { Authorization: `Bearer ${secret}` }),
      );
      expect(await hook.json()).toMatchObject({ status: 'queued' });
      const again = await hooked.request('/api/builds', json({}, { Cookie: cookie }));
      expect(await again.json()).toEqual({
        message: 'A build is running; one more build will follow it.',
        status: 'already-queued',
      });
      // Each build waits until the test lets it finish: the second starts only after the first.
      for (let i = 0; i < 2; i += 1) {
        while (releases.length <= i) await new Promise((resolve) => setTimeout(resolve, 10));
        releases[i]?.();
      }
      await coordinator.idle();
      expect(reasons).toEqual(['Rebuild now by meera', 'news saved; Rebuild now by meera']);
    });
  });
});
