/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '@/server/app';
import type { Store } from '@/server/store/store';

describe('the bundled server with the service mounted', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'studio-site-'));
    writeFileSync(path.join(root, '404.html'), '<p>Back to Home</p>');
    writeFileSync(path.join(root, 'legal.html'), '<h1>Legal</h1>');
    writeFileSync(path.join(root, 'dashboard-studio.html'), '<h1>Dashboard shell</h1>');
    mkdirSync(path.join(root, '_next/static'), { recursive: true });
    writeFileSync(path.join(root, '_next/static/app.js'), 'console.log(1)');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  // Routes that reach the store are tested in api.test.ts; these never touch it.
  const app = () =>
    createApp({
      site: {
        root: () => root,
        analytics: false,
        fallbackPage: (p) => (p.startsWith('/dashboard-studio/') ? 'dashboard-studio.html' : undefined),
      },
      service: { store: {} as Store, inboxForms: {}, sessionTtlHours: 1, rateLimitPerMinute: 5, trustProxy: false },
    });

  it('keeps the static site caching rules, and no-store only on the service', async () => {
    expect((await app().request('/legal')).headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect((await app().request('/_next/static/app.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    const api = await app().request('/api/nothing');
    expect(api.status).toBe(404);
    expect(api.headers.get('cache-control')).toBe('no-store');
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers any nested dashboard path with the dashboard shell, and other unknown paths with 404', async () => {
    const deep = await app().request('/dashboard-studio/some/view');
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('Dashboard shell');
    expect((await app().request('/dashboard-other/x')).status).toBe(404);
  });

  it('serves the pages while the database could not be opened, and answers the service 503 with Retry-After', async () => {
    const away = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const pagesAlone = createApp({ site: { root: () => root, analytics: false }, storageAway: away });
    expect((await pagesAlone.request('/legal')).status).toBe(200);
    for (const [url, method] of [
      ['/api/health', 'GET'],
      ['/pro-audio-form/save-form.php', 'POST'],
      ['/api/forms/contact', 'POST'],
    ] as const) {
      const answer = await pagesAlone.request(url, { method, body: method === 'POST' ? '{}' : undefined });
      expect([url, answer.status, answer.headers.get('retry-after'), answer.headers.get('cache-control')]).toEqual([
        url,
        503,
        '30',
        'no-store',
      ]);
      expect(((await answer.json()) as { message: string }).message).toMatch(/storage is unavailable/);
    }
  });
});
