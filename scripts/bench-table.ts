/**
 * The dashboard half of `npm run bench:service`: a form with 10,000 rows, opened as staff would.
 * Runs on a temporary PGlite database, and on PostgreSQL too when DATABASE_URL (or
 * TEST_DATABASE_URL) is set (in a throwaway schema).
 */
import '@/lib/load-env';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { inboxForms } from '@/lib/forms/registry';
import { createApp } from '@/server/app';
import { hashPassword } from '@/server/platform/passwords';
import { openStore, type Store } from '@/server/store/store';
import { eachDatabase, runBench } from './bench-common';

/**
 * Fills the masterclass inbox with 10,000 rows, signs a staff member in, and times what the
 * dashboard asks for over HTTP on loopback: the first page (newest first), a search, a sort by a
 * field, a late page, and the CSV of the whole table. Prints the median of 5 runs of each.
 */
async function benchLargeTable(label: string, store: Store): Promise<void> {
  const rows = 10_000;
  await store.db.write((tx) =>
    tx.query(
      `INSERT INTO form_submissions (form, payload)
     SELECT 'masterclass', jsonb_build_object('name', 'Learner ' || i, 'email', 'learner' || i || '@example.com',
       'phone', (9000000000 + i)::text, 'city', CASE WHEN i % 2 = 0 THEN 'Pune' ELSE 'Mumbai' END,
       'level', 'Beginner', 'schedule', 'Fri 2pm')
     FROM generate_series(1, $1::int) AS i`,
      [rows],
    ),
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
  const statement = await benchStatement(store, base, cookie);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  console.log(`${label.padEnd(11)} a form with ${rows} rows, median of 5: ${results.join('; ')}`);
  console.log(`${label.padEnd(11)} ${statement}`);
}

/**
 * A bank statement of 1,000 credit lines against 1,000 claims (900 paid as claimed, 50 with
 * another amount, 50 credits with no claim): the import's answer, median of 5, then verifying
 * the 900 proposals in one action.
 */
async function benchStatement(store: Store, base: string, cookie: string): Promise<string> {
  const utr = (i: number) => String(700_000_000_000 + i);
  await store.db.write((tx) =>
    tx.query(
      `INSERT INTO payment_claims (utr, contact, reference, amount_paise, page, kind)
     SELECT (700000000000 + i)::text, (9000000000 + i)::text, 'MCFRI2PM0001', 149900, 'masterclass', 'masterclass'
     FROM generate_series(1, 1000) AS i`,
    ),
  );
  const lines = ['Date,Narration,Withdrawal Amt.,Deposit Amt.'];
  for (let i = 1; i <= 1000; i++) {
    const amount = i <= 900 ? '1,499.00' : '999.00';
    lines.push(`20/11/26,UPI-PAYER ${i}-payer${i}@upi-${utr(i <= 950 ? i : 2000 + i)}-MC,,"${amount}"`);
  }
  const body = JSON.stringify({ csv: lines.join('\n') });
  const post = (path: string, json: string) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: json,
    });
  const times: number[] = [];
  let ids: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    const res = await post('/api/payments/statement', body);
    const answer = (await res.json()) as {
      matches: Array<{ claim: { id: number } }>;
      mismatches: unknown[];
      unclaimed: unknown[];
    };
    times.push(performance.now() - t);
    if (
      res.status !== 200 ||
      answer.matches.length !== 900 ||
      answer.mismatches.length !== 50 ||
      answer.unclaimed.length !== 50
    )
      throw new Error(`the statement import answered ${res.status} with other counts than 900/50/50`);
    ids = answer.matches.map((m) => m.claim.id);
  }
  times.sort((a, b) => a - b);
  const t = performance.now();
  const verify = await post('/api/payments/claims/verify', JSON.stringify({ ids }));
  if (verify.status !== 200) throw new Error(`verifying answered ${verify.status}`);
  const verifyMs = performance.now() - t;
  return `a statement of 1,000 lines against 1,000 claims: read and matched in ${(times[2] ?? NaN).toFixed(1)} ms (median of 5; ${(body.length / 1024).toFixed(0)} KB), its 900 matches verified in one action in ${verifyMs.toFixed(0)} ms`;
}

async function main(): Promise<void> {
  await eachDatabase(async (label, database) => {
    const store = database.startsWith('postgres')
      ? await openStore({ databaseUrl: database, dataDir: '' })
      : await openStore({ dataDir: database });
    try {
      await benchLargeTable(label, store);
    } finally {
      await store.close();
    }
  });
}

runBench(main, 'bench:service (dashboard)');
