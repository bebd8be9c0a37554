/**
 * `npm run bench:signin [-- --duration 20 --connections 40]`: can staff still sign in, and do pages
 * stay fast, while sign-in floods run? Starts the bundled server (site from out/ when built, else a
 * one-page stand-in, and PGlite with one staff account) in a child process; another child floods
 * POST /api/auth/login with autocannon from `connections` clients, in two ways:
 * - made-up names, each request a new one, all from ONE address;
 * - guesses at the real account's password, each request from a new address (through the trusted
 *   proxy, loopback).
 * Meanwhile this process signs the real staff member in (right password) from the address they
 * signed in from before and from a new one, and times GET /about from 4 clients; it prints each
 * one's answers and p50/p95/p99, and what each flood got (checks run, refused as locked or busy).
 */
import '@/lib/load-env';
import { serve } from '@hono/node-server';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '@/server/app';
import { hashPassword } from '@/server/platform/passwords';
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
  await store.addStaff('meera', await hashPassword(textArg('password') ?? randomBytes(24).toString('base64url')));
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
async function flood(port: number, kind: string, duration: number, connections: number): Promise<void> {
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
          // Made-up names from one address, or the real name from a new address each time.
          const names = kind === 'names';
          const address = names ? '10.0.0.1' : `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
          return {
            ...req,
            headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
            body: JSON.stringify({ name: names ? `guess${n}` : 'meera', password: `wrong-${n}` }),
          };
        },
      },
    ],
  });
  const s = r.statusCodeStats as Record<string, { count: number } | undefined>;
  const per = (code: string) => ((s[code]?.count ?? 0) / r.duration).toFixed(1);
  console.log(
    `flood: ${Math.round(r.requests.total / r.duration)} sign-ins/s: ${per('401')}/s checked and wrong (401), ` +
      `${per('429')}/s refused as locked or paced (429), ${per('503')}/s refused at once as busy (503)`,
  );
}

/** The real staff member signs in `count` times from `address`, one after another: answers and times. */
async function staffSignIns(
  port: number,
  password: string,
  address: (i: number) => string,
  count: number,
): Promise<string> {
  const times: number[] = [];
  const statuses = new Map<number, number>();
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address(i) },
      body: JSON.stringify({ name: 'meera', password }),
    });
    await res.arrayBuffer();
    times.push(performance.now() - t);
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  times.sort((a, b) => a - b);
  const answers = [...statuses].map(([status, k]) => `${k}× ${status}`).join(', ');
  const f = (v: number) => `${v.toFixed(0)} ms`;
  return `${answers}; p50 ${f(percentile(times, 50))}, p95 ${f(percentile(times, 95))}, max ${f(times.at(-1) ?? 0)}`;
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
  const password = randomBytes(18).toString('base64url');
  console.log(
    `Staff sign-in and GET /about while ${connections} clients flood POST /api/auth/login (${machineLoad()})`,
  );
  const server = await startTarget(['scripts/bench-signin.ts', '--serve', 'site', '--password', password]);
  try {
    // The staff member's usual address: signed in from once before, so it is recognised.
    const usual = () => '192.0.2.10';
    let fresh = 0;
    const newAddress = () => `198.51.100.${++fresh}`;
    console.log(`staff sign-in alone (usual address):   ${await staffSignIns(server.port, password, usual, 5)}`);
    console.log(`/about alone:        ${await timeAbout(server.port, 3000)}`);
    for (const kind of ['names', 'guesses'] as const) {
      console.log(
        kind === 'names'
          ? `— flood of made-up names, a new name each request, all from one address`
          : `— flood of guesses at the staff member's password, a new address each request`,
      );
      const flooder = await startTarget([
        'scripts/bench-signin.ts',
        '--flood',
        String(server.port),
        '--kind',
        kind,
        '--duration',
        String(duration),
        '--connections',
        String(connections),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const count = Math.max(4, Math.floor((duration - 4) / 3));
      console.log(`staff sign-in, usual address:          ${await staffSignIns(server.port, password, usual, count)}`);
      console.log(
        `staff sign-in, a new address each time: ${await staffSignIns(server.port, password, newAddress, 4)}`,
      );
      if (kind === 'names') console.log(`/about during flood: ${await timeAbout(server.port, 3000)}`);
      console.log((await flooder.finished).trim().split('\n').pop());
    }
  } finally {
    await server.stop();
  }
}

/** The flood's child: says it has started (startTarget waits for a `listening` line), floods, ends. */
async function floodChild(port: number): Promise<void> {
  console.log(`listening ${port}`);
  await flood(port, textArg('kind') ?? 'names', arg('duration', 20, 120), arg('connections', 40, 500));
  process.exit(0);
}

const floodPort = Number(textArg('flood'));
const run = textArg('serve') ? serveSite() : floodPort ? floodChild(floodPort) : main();
run.catch((error: Error) => {
  console.error(`bench:signin failed: ${error.message}`);
  process.exit(1);
});
