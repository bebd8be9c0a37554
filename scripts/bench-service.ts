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
import { inboxForms } from '@/lib/forms/registry';
import { createApp } from '@/server/app';
import { hashPassword } from '@/server/passwords';
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

// ---- issue 11 (staff workspace): a form with 10,000 rows opened in the dashboard ----------------

/**
 * Fills the masterclass inbox with 10,000 rows, signs a staff member in, and times what the
 * dashboard asks for over HTTP on loopback: the first page (newest first), a search, a sort by a
 * field, a late page, and the CSV of the whole table. Prints the median of 5 runs of each.
 */
async function benchLargeTable(label: string, store: Store): Promise<void> {
  const rows = 10_000;
  await store.db.query(
    `INSERT INTO form_submissions (form, payload)
     SELECT 'masterclass', jsonb_build_object('name', 'Learner ' || i, 'email', 'learner' || i || '@example.com',
       'phone', (9000000000 + i)::text, 'city', CASE WHEN i % 2 = 0 THEN 'Pune' ELSE 'Mumbai' END,
       'level', 'Beginner', 'schedule', 'Fri 2pm')
     FROM generate_series(1, $1::int) AS i`,
    [rows],
  );
  const password = 'bench-only-password';
  await store.addStaff('bench', await hashPassword(password));
  const app = createApp({
    service: { store, inboxForms, sessionTtlHours: 1, rateLimitPerMinute: 1_000_000, trustProxy: false },
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'bench', password }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const cases: Array<[string, string]> = [
    ['first page', '/api/forms/masterclass/rows'],
    ['search "learner9999"', '/api/forms/masterclass/rows?q=learner9999'],
    ['sort by city', '/api/forms/masterclass/rows?sort=city&dir=asc'],
    ['page 300', '/api/forms/masterclass/rows?page=300'],
    ['CSV of all rows', '/api/forms/masterclass/export.csv'],
  ];
  const results: string[] = [];
  for (const [name, url] of cases) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const res = await fetch(`${base}${url}`, { headers: { Cookie: cookie } });
      bytes = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    results.push(`${name} ${(times[2] ?? NaN).toFixed(1)} ms (${(bytes / 1024).toFixed(0)} KB)`);
  }
  await new Promise<void>((resolve) => server.close(() => resolve()));
  console.log(`${label.padEnd(11)} a form with ${rows} rows, median of 5: ${results.join('; ')}`);
}

// ---- end of issue 11 -----------------------------------------------------------------------------

async function main(): Promise<void> {
  console.log(
    `POST /pro-audio-form/save-form.php on loopback: ${count} requests, ${concurrency} at a time, each acknowledged only once durable`,
  );
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-bench-'));
  try {
    const store = await openStore({ dataDir: path.join(dir, 'pglite') });
    try {
      await run('PGlite', store);
      await benchLargeTable('PGlite', store);
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
      await benchLargeTable('PostgreSQL', store);
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
