/**
 * `npm run bench:signin [-- --duration 20 --connections 40]`: do pages stay fast while a sign-in
 * flood runs? Starts the bundled server (site from out/ when built, else a one-page stand-in, and
 * PGlite with one staff account) in a child process; another child floods POST /api/auth/login
 * with autocannon from `connections` clients, each request with a new made-up name and a new
 * client address (through the trusted proxy, loopback); meanwhile this process times GET /about
 * from 4 clients and prints p50/p95/p99, before and during the flood, and what the flood got.
 */
import '@/lib/load-env';
import { serve } from '@hono/node-server';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '@/server/app';
import { hashPassword } from '@/server/passwords';
import { openStore } from '@/server/store/store';
import { arg, load, machineLoad, onStopRequest, startTarget, textArg } from './bench-common';

/** The child: the bundled server with a staff account, until stopped. */
async function serveSite(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-bench-signin-'));
  let root = path.resolve('out');
  if (!existsSync(path.join(root, 'about.html'))) {
    root = dir;
    writeFileSync(path.join(dir, 'about.html'), `<h1>About</h1>${'<p>The studio.</p>'.repeat(200)}`);
  }
  const store = await openStore({ dataDir: path.join(dir, 'db') });
  await store.addStaff('meera', await hashPassword(randomBytes(24).toString('base64url')));
  const app = createApp({
    site: { root: () => root, analytics: false },
    service: { store, inboxForms: {}, sessionTtlHours: 1, rateLimitPerMinute: 20, trustProxy: true },
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  server.once('listening', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
  onStopRequest(() => {
    server.close();
    void store.close().finally(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

/** The other child: the flood, then one line of what it got. */
async function flood(port: number, duration: number, connections: number): Promise<void> {
  let n = 0;
  const r = await load({
    url: `http://127.0.0.1:${port}/api/auth/login`,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          n += 1;
          const name = n % 4 === 0 ? 'meera' : `guess${n}`;
          return {
            ...req,
            headers: {
              'Content-Type': 'application/json',
              'X-Forwarded-For': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            },
            body: JSON.stringify({ name, password: `wrong-${n}` }),
          };
        },
      },
    ],
  });
  const s = r.statusCodeStats as Record<string, { count: number } | undefined>;
  const per = (code: string) => Math.round((s[code]?.count ?? 0) / r.duration);
  console.log(
    `flood: ${Math.round(r.requests.total / r.duration)} sign-ins/s: ${per('401')}/s checked and wrong (401), ` +
      `${per('503')}/s refused at once as busy (503), ${per('429')}/s locked (429)`,
  );
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function timeAbout(port: number, ms: number): Promise<string> {
  const times: number[] = [];
  const end = Date.now() + ms;
  const client = async () => {
    while (Date.now() < end) {
      const t = performance.now();
      const res = await fetch(`http://127.0.0.1:${port}/about`, { headers: { 'Accept-Encoding': 'br' } });
      await res.arrayBuffer();
      times.push(performance.now() - t);
    }
  };
  await Promise.all([client(), client(), client(), client()]);
  times.sort((a, b) => a - b);
  const f = (v: number) => `${v.toFixed(1)} ms`;
  return `${times.length} requests, p50 ${f(percentile(times, 50))}, p95 ${f(percentile(times, 95))}, p99 ${f(percentile(times, 99))}`;
}

async function main(): Promise<void> {
  const duration = arg('duration', 20, 120);
  const connections = arg('connections', 40, 500);
  console.log(`GET /about while ${connections} clients flood POST /api/auth/login (${machineLoad()})`);
  const server = await startTarget(['scripts/bench-signin.ts', '--serve', 'site']);
  try {
    console.log(`/about alone:        ${await timeAbout(server.port, 3000)}`);
    const flooding = startTarget([
      'scripts/bench-signin.ts',
      '--flood',
      String(server.port),
      '--duration',
      String(duration),
      '--connections',
      String(connections),
    ]);
    const flooder = await flooding;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    console.log(`/about during flood: ${await timeAbout(server.port, (duration - 2) * 1000)}`);
    console.log((await flooder.finished).trim().split('\n').pop());
  } finally {
    await server.stop();
  }
}

/** The flood's child: says it has started (startTarget waits for a `listening` line), floods, ends. */
async function floodChild(port: number): Promise<void> {
  console.log(`listening ${port}`);
  await flood(port, arg('duration', 20, 120), arg('connections', 40, 500));
  process.exit(0);
}

const floodPort = Number(textArg('flood'));
const run = textArg('serve') ? serveSite() : floodPort ? floodChild(floodPort) : main();
run.catch((error: Error) => {
  console.error(`bench:signin failed: ${error.message}`);
  process.exit(1);
});
