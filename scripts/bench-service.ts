/**
 * `npm run bench:service [-- --count 500 --concurrency 20]`: starts the service in this process on
 * a loopback port, sends `count` pro audio submissions with `concurrency` in flight, and prints
 * accepted submissions per second and latency percentiles. Runs on a temporary PGlite database,
 * and on PostgreSQL too when DATABASE_URL (or TEST_DATABASE_URL) is set (in a throwaway schema).
 * Bounded: at most 5000 requests and 120 s per database.
 */
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { getEnv } from '@/lib/env';
import { createApp } from '@/server/app';
import { openStore, type Store } from '@/server/store/store';

function arg(name: string, fallback: number, max: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const n = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
}

const count = arg('count', 500, 5000);
const concurrency = arg('concurrency', 20, 200);
const timeLimitMs = 120_000;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function run(label: string, store: Store): Promise<void> {
  const app = createApp({
    service: { store, inboxForms: {}, sessionTtlHours: 1, rateLimitPerMinute: 1_000_000, trustProxy: false },
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/pro-audio-form/save-form.php`;
  const latencies: number[] = [];
  let accepted = 0;
  let failed = 0;
  let next = 0;
  const deadline = Date.now() + timeLimitMs;
  const started = performance.now();
  async function worker() {
    while (next < count && Date.now() < deadline) {
      const i = next++;
      const t = performance.now();
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            fullName: `Bench client ${i}`,
            email: `client${i}@example.com`,
            phone: '9876543210',
            availability: ['Weekdays'],
            additionalServices: ['Mixing', 'Mastering'],
            budget: '25000',
            message: 'A benchmark submission of typical size. '.repeat(5),
          }),
        });
        await res.arrayBuffer();
        if (res.status === 201) accepted++;
        else failed++;
      } catch {
        failed++;
      }
      latencies.push(performance.now() - t);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  const stored = (await store.listProAudio()).length;
  latencies.sort((a, b) => a - b);
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(
    `${label.padEnd(11)} ${accepted}/${count} accepted (${failed} failed, ${stored} stored) in ${seconds.toFixed(2)} s: ` +
      `${(accepted / seconds).toFixed(0)} accepted/s; latency p50 ${ms(percentile(latencies, 50))}, ` +
      `p95 ${ms(percentile(latencies, 95))}, p99 ${ms(percentile(latencies, 99))}`,
  );
}

async function main(): Promise<void> {
  console.log(
    `POST /pro-audio-form/save-form.php on loopback: ${count} requests, ${concurrency} at a time, each acknowledged only once durable`,
  );
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-bench-'));
  try {
    const store = await openStore({ dataDir: path.join(dir, 'pglite') });
    try {
      await run('PGlite', store);
    } finally {
      await store.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // A developer script: TEST_DATABASE_URL is the test suites' PostgreSQL, read here on purpose.
  const url = getEnv().DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('PostgreSQL  skipped (set DATABASE_URL or TEST_DATABASE_URL to include it)');
    return;
  }
  const schema = `bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  try {
    const withSchema = new URL(url);
    withSchema.searchParams.set('options', `-c search_path=${schema}`);
    const store = await openStore({ databaseUrl: withSchema.toString(), dataDir: '' });
    try {
      await run('PostgreSQL', store);
    } finally {
      await store.close();
    }
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

main().catch((error: Error) => {
  console.error(`bench:service failed: ${error.message}`);
  process.exit(1);
});
