/** @jest-environment node */
import { serve } from '@hono/node-server';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { headersFile } from '@/lib/host-files';
import { createApp } from '@/server/app';
import { isStorageUnavailable } from '@/server/store/db';
import { openStore, type Store } from '@/server/store/store';
import { itNeeding, noPostgres } from '../needs';

jest.setTimeout(120_000);

const chunk = `console.log(${JSON.stringify('x'.repeat(2000))});`;

function site(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'studio-answers-'));
  mkdirSync(path.join(root, '_next/static/chunks'), { recursive: true });
  mkdirSync(path.join(root, 'media'), { recursive: true });
  writeFileSync(path.join(root, '404.html'), '<p>Back to Home</p>');
  writeFileSync(path.join(root, '_not-found.html'), '<p>Back to Home</p>');
  writeFileSync(path.join(root, 'services.html'), '<h1>Services</h1>');
  writeFileSync(path.join(root, 'media/hero.mp4'), Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256)));
  const js = path.join(root, '_next/static/chunks/app.js');
  writeFileSync(js, chunk);
  writeFileSync(`${js}.br`, brotliCompressSync(chunk));
  writeFileSync(`${js}.gz`, gzipSync(chunk));
  return root;
}

const securityHeaderNames = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-resource-policy',
  'cross-origin-opener-policy',
];

describe('every answer of the bundled server', () => {
  const root = site();
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const app = createApp({
    site: { root: () => root, analytics: false },
    service: { store: {} as Store, inboxForms: {}, sessionTtlHours: 1, rateLimitPerMinute: 5, trustProxy: true },
  });

  it.each([
    ['a 400', 'GET', '/%zz'],
    ['a 308', 'GET', '/services/'],
    ['an OPTIONS', 'OPTIONS', '/services'],
    ['a 404', 'GET', '/nothing'],
    ['an API 404', 'GET', '/api/nothing'],
    ['a 500', 'POST', '/api/auth/login'],
  ])('carries the security headers on %s', async (_label, method, url) => {
    // The store here is empty: a sign-in reaching it throws, which is the 500.
    const body = method === 'POST' ? JSON.stringify({ name: 'meera', password: 'x' }) : undefined;
    const res = await app.request(url, { method, body, headers: { 'Content-Type': 'application/json' } });
    if (url === '/api/auth/login') expect(res.status).toBe(500);
    for (const name of securityHeaderNames)
      expect([url, name, res.headers.get(name)]).toEqual([url, name, expect.any(String)]);
  });

  it('carries them on a TRACE (over a real socket: fetch cannot send one)', async () => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const { port } = server.address() as AddressInfo;
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method: 'TRACE', path: '/' }, (res) => {
        res.resume();
        resolve(res.headers);
      });
      req.on('error', reject);
      req.end();
    });
    server.close();
    (server as unknown as { closeAllConnections(): void }).closeAllConnections();
    for (const name of securityHeaderNames) expect([name, typeof headers[name]]).toEqual([name, 'string']);
  });

  it('answers 404 for the error pages themselves', async () => {
    for (const url of ['/404', '/404.html', '/_not-found', '/_not-found.html', '/_next/static/chunks/app.js.br']) {
      expect([url, (await app.request(url)).status]).toEqual([url, 404]);
    }
  });

  it('never redirects to a scheme-relative address', async () => {
    for (const url of ['//services/', '//services', '///services/', '//services.html']) {
      const res = await app.request(url);
      const location = res.headers.get('location');
      if (location) expect([url, location.startsWith('//')]).toEqual([url, false]);
    }
    expect((await app.request('//services/')).headers.get('location')).toBe('/services');
  });

  it('answers a byte range of media with 206, and an impossible one with 416', async () => {
    const whole = await app.request('/media/hero.mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    const part = await app.request('/media/hero.mp4', { headers: { Range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 10-19/1000');
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    const tail = await app.request('/media/hero.mp4', { headers: { Range: 'bytes=-100' } });
    expect(tail.headers.get('content-range')).toBe('bytes 900-999/1000');
    expect((await app.request('/media/hero.mp4', { headers: { Range: 'bytes=5000-' } })).status).toBe(416);
  });

  it("sends the build's Brotli or gzip copy by Accept-Encoding, with Vary", async () => {
    const br = await app.request('/_next/static/chunks/app.js', {
      headers: { 'Accept-Encoding': 'gzip, deflate, br' },
    });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(chunk);
    const gz = await app.request('/_next/static/chunks/app.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(chunk);
    expect(gz.headers.get('etag')).not.toBe(br.headers.get('etag'));
    const plain = await app.request('/_next/static/chunks/app.js', { headers: { 'Accept-Encoding': 'br;q=0' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(chunk);
  });

  it('sends HSTS only over HTTPS (through the trusted proxy), and CORP always', async () => {
    const https = await app.request('/services', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8}/);
    expect(https.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect((await app.request('/services')).headers.get('strict-transport-security')).toBeNull();
  });
});

describe('_headers for static hosts', () => {
  const file = headersFile(false, [{ path: '/about', scriptHashes: ["'sha256-abc='"] }]);
  const blocks = file.split(/\n(?=\/)/);

  it('never allows inline scripts wholesale, and gives each page its own hashes', () => {
    expect(file).not.toContain("unsafe-inline' https://www.google");
    expect(file.match(/script-src[^;]*/g)?.every((d) => !d.includes('unsafe-inline'))).toBe(true);
    expect(blocks.find((b) => b.startsWith('/about'))).toContain("script-src 'self' 'sha256-abc='");
  });

  it('puts no script rule in the block every path matches (the host would apply both policies)', () => {
    const all = blocks.find((b) => b.startsWith('/*')) ?? '';
    expect(all).toContain('Content-Security-Policy:');
    expect(all).not.toMatch(/script-src|default-src/);
    expect(all).toContain('Cross-Origin-Resource-Policy: same-origin');
  });
});

describe('storage that is down', () => {
  it('classifies a full or failing disk and a lost database as unavailable, and bugs as not', () => {
    // Node's own error shapes: a disk cannot be filled safely from a unit test.
    expect(isStorageUnavailable(Object.assign(new Error('write failed'), { code: 'ENOSPC' }))).toBe(true);
    expect(isStorageUnavailable(Object.assign(new Error('could not extend file'), { code: '53100' }))).toBe(true);
    expect(isStorageUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(isStorageUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isStorageUnavailable(Object.assign(new Error('syntax'), { code: '42601' }))).toBe(false);
  });

  const url = process.env.TEST_DATABASE_URL;
  itNeeding(noPostgres)(
    'answers 503 with Retry-After when PostgreSQL goes away (a real connection, cut), logging the spell once',
    async () => {
      const target = new URL(url ?? '');
      const sockets = new Set<Socket>();
      // A TCP relay in front of the real PostgreSQL, so the test can cut the database off.
      // While cut, it answers each new connection as a PostgreSQL that is restarting would (FATAL
      // 57P03), in the wire protocol's own ErrorResponse: a refused or reset socket's error is made in
      // Node's own realm, which jest's sandbox does not see as an Error.
      let cut = false;
      const field = (code: string, text: string) => Buffer.from(`${code}${text}\0`);
      const body = Buffer.concat([
        field('S', 'FATAL'),
        field('V', 'FATAL'),
        field('C', '57P03'),
        field('M', 'the database system is starting up'),
        Buffer.from([0]),
      ]);
      const length = Buffer.alloc(4);
      length.writeInt32BE(body.length + 4);
      const restarting = Buffer.concat([Buffer.from('E'), length, body]);
      const relaying = (client: Socket) => {
        if (cut) {
          client.on('error', () => undefined);
          client.once('data', () => client.end(restarting));
          return;
        }
        const { connect } = require('node:net') as typeof import('node:net');
        const upstream = connect(Number(target.port || 5432), target.hostname);
        sockets.add(client).add(upstream);
        client.pipe(upstream).pipe(client);
        const end = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on('error', end).on('close', end);
        upstream.on('error', end).on('close', end);
      };
      const relay = createServer(relaying);
      await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
      const via = new URL(url ?? '');
      via.hostname = '127.0.0.1';
      via.port = String((relay.address() as AddressInfo).port);
      const store = await openStore({ databaseUrl: via.toString(), dataDir: '' });
      const app = createApp({
        service: { store, inboxForms: {}, sessionTtlHours: 1, rateLimitPerMinute: 1000, trustProxy: false },
      });
      const post = () =>
        app.request('/pro-audio-form/save-form.php', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ fullName: 'Asha Rao', email: 'asha@example.com', phone: '9876543210' }),
        });
      try {
        expect((await post()).status).toBe(201);
        cut = true;
        for (const socket of sockets) socket.destroy();
        const down = await post();
        expect(down.status).toBe(503);
        expect(down.headers.get('retry-after')).toBe('30');
        expect(((await down.json()) as { message: string }).message).toMatch(/storage is unavailable/);
        // One line for the whole spell, however many requests it refuses; one more when it ends.
        const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
        try {
          const refused = await Promise.all(Array.from({ length: 40 }, () => post()));
          expect(refused.map((r) => r.status)).toEqual(Array(40).fill(503));
          expect(logged).not.toHaveBeenCalled();
          cut = false;
          expect((await post()).status).toBe(201);
          expect(logged.mock.calls.map((c) => String(c[0]))).toEqual([
            expect.stringMatching(/^storage available again after \d+ s; 41 request\(s\) were refused/),
          ]);
        } finally {
          logged.mockRestore();
        }
      } finally {
        relay.close();
        await store.close().catch(() => undefined);
      }
    },
  );
});

// A real socket is needed to tell the proxy's connections from others.
describe('X-Forwarded-For', () => {
  async function limitedAfter(trustedProxies: string[]): Promise<number[]> {
    const app = createApp({
      service: {
        store: {} as Store,
        inboxForms: {},
        sessionTtlHours: 1,
        rateLimitPerMinute: 2,
        trustProxy: true,
        trustedProxies,
      },
    });
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const { port } = server.address() as AddressInfo;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/api/rebuild`, {
        method: 'POST',
        headers: { 'X-Forwarded-For': `198.51.100.${i}` },
      });
      statuses.push(res.status);
    }
    server.close();
    (server as unknown as { closeAllConnections(): void }).closeAllConnections();
    return statuses;
  }

  it('is believed from the configured proxy only', async () => {
    // From the proxy (loopback here): four clients, none limited.
    expect(await limitedAfter(['127.0.0.1'])).toEqual([503, 503, 503, 503]);
    // From anyone else: the header is ignored and the one real address is limited after two.
    expect(await limitedAfter(['10.0.0.1'])).toEqual([503, 503, 429, 429]);
  });
});
