/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inboxForms } from '@/lib/forms/registry';
import { createApp } from '@/server/app';
import { SignInBrake } from '@/server/platform/sign-in-brake';
import type { Store } from '@/server/store/store';
import { databaseKinds, type TestDatabase } from '../service/test-stores';

jest.setTimeout(120_000);

/**
 * The answers to a form sent without JavaScript that the service cannot take: each is the form's own
 * page from the built site (here a small page with the engine's markup: the browser tests use the
 * real export), filled in again. The rate limit is one post a minute, to reach 429.
 */
const page = `<!doctype html><html lang="en"><head><title>Query</title></head><body><header>Site</header><main>
<form action="/api/forms/query" method="post" data-error-class="err" data-failure-class="fail">
<label for="q-name">Name</label><input id="q-name" name="name" type="text">
<label for="q-query">Your query</label><textarea id="q-query" name="query"></textarea>
<input name="website" type="text"><button type="submit">Send Query</button>
<div role="status"></div><div role="alert"></div></form></main><footer>Footer</footer></body></html>`;

describe.each(databaseKinds.slice(0, 1))('form pages on %s', (_label, make) => {
  let db: TestDatabase;
  let store: Store;
  let site: string;
  let app: ReturnType<typeof createApp>;
  const makeApp = () =>
    createApp({
      site: { root: () => site, analytics: false },
      service: {
        store,
        inboxForms,
        sessionTtlHours: 12,
        rateLimitPerMinute: 1,
        trustProxy: false,
        brake: new SignInBrake(),
      },
    });
  const post = (body: string, extra: Record<string, string> = {}) =>
    app.request('/api/forms/query', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Referer: 'http://localhost/query', ...extra },
      body,
    });

  beforeAll(async () => {
    db = await make();
    store = await db.open();
    site = mkdtempSync(path.join(os.tmpdir(), 'studio-form-pages-'));
    mkdirSync(site, { recursive: true });
    writeFileSync(path.join(site, 'query.html'), page);
    app = makeApp();
  });
  afterAll(async () => {
    await store.close();
    await db.dispose();
    rmSync(site, { recursive: true, force: true });
  });

  it('refuses a repeated key with its message beside the field, the values filled in again', async () => {
    const res = await post('name=Alpha&name=Beta&email=a%40example.com&query=When+is+the+next+batch%3F');
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('<footer>Footer</footer>');
    expect(html).toMatch(
      /name="name"[^>]*value="Beta"[^>]*aria-invalid="true"[^>]*><p id="q-name-error" class="err">This field was sent more than once/,
    );
    expect(html).toContain('When is the next batch?</textarea>');
    expect(html).toContain('<div role="alert"><p class="fail">Some fields are missing or not valid.</p></div>');
    expect(await store.listInbox('query')).toHaveLength(0);
  });

  it('answers 429 with the page, what was sent filled in and the message shown', async () => {
    const res = await post('name=Asha&query=Still+here+after+a+minute%3F');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    const html = await res.text();
    expect(html).toMatch(/name="name"[^>]*value="Asha"/);
    expect(html).toContain('Still here after a minute?</textarea>');
    expect(html).toContain('Too many submissions. Please wait a minute and try again.');
  });

  it('answers 413 with the page and the way back', async () => {
    const res = await post(`name=Asha&query=${'x'.repeat(20_000)}`, { 'Content-Length': '20020' });
    expect(res.status).toBe(413);
    const html = await res.text();
    expect(html).toContain('<header>Site</header>');
    expect(html).toContain('The submission is too large (at most 16 KB).');
  });
});
