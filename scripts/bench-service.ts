/**
 * `npm run bench:service [-- --duration 10 --connections 50]`: accepted pro audio submissions per
 * second and latency, measured with autocannon against the service running in a child process,
 * side by side with the ceiling: a minimal node:http handler doing the same insert (and the same
 * durability barrier) on the same database. Runs on a temporary PGlite database, and on
 * PostgreSQL too when DATABASE_URL (or TEST_DATABASE_URL) is set (in a throwaway schema). Each
 * acknowledged submission is on disk before its 201: the child counts the rows it stored.
 */
import '@/lib/load-env';
import { serve } from '@hono/node-server';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { personOf } from '@/lib/forms/person';
import {
  type ProAudioPayload,
  proAudioForm,
  proAudioRowOf,
  proAudioSuccessMessage,
} from '@/lib/forms/pro-audio/schema';
import { createApp } from '@/server/app';
import { openStore, type Store } from '@/server/store/store';
import { arg, eachDatabase, load, machineLoad, onStopRequest, startTarget, summary, textArg } from './bench-common';

const submission: ProAudioPayload = {
  fullName: 'Bench Client',
  email: 'client@example.com',
  phone: '9876543210',
  availability: ['Weekdays'],
  additionalServices: ['Mixing', 'Mastering'],
  budget: '25000',
  message: 'A benchmark submission of typical size. '.repeat(5),
};

/** The child: one server on one database until SIGTERM, then `stored <rows added>`. */
async function serveTarget(kind: string, database: string): Promise<void> {
  const store: Store = database.startsWith('postgres')
    ? await openStore({ databaseUrl: database, dataDir: '' })
    : await openStore({ dataDir: database });
  const before = (await store.listInbox('pro-audio')).map(proAudioRowOf).length;
  let server: { close(cb: () => void): unknown; closeAllConnections(): void; address(): AddressInfo | string | null };
  if (kind === 'service') {
    const app = createApp({
      service: { store, inboxForms: {}, sessionTtlHours: 1, rateLimitPerMinute: 1_000_000, trustProxy: false },
    });
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as typeof server;
  } else {
    // The ceiling: parse, insert, flush, answer; no framework, no validation, no limits.
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = { ...(JSON.parse(Buffer.concat(chunks).toString()) as ProAudioPayload) };
        store.addInbox('pro-audio', body, personOf(proAudioForm.declaration, body)).then(
          () => {
            res.writeHead(201, { 'Content-Type': 'application/json' });
            res.end(JSON.stringify({ message: proAudioSuccessMessage }));
          },
          () => {
            res.writeHead(500);
            res.end();
          },
        );
      });
    }).listen(0, '127.0.0.1');
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
  console.log(`listening ${(server.address() as AddressInfo).port}`);
  onStopRequest(() => {
    server.close(async () => {
      const after = (await store.listInbox('pro-audio')).map(proAudioRowOf).length;
      await store.close();
      console.log(`stored ${after - before}`);
      process.exit(0);
    });
    server.closeAllConnections();
  });
}

async function measure(label: string, database: string, duration: number, connections: number): Promise<void> {
  const results: Record<string, number> = {};
  for (const kind of ['service', 'ceiling'] as const) {
    const target = await startTarget(['scripts/bench-service.ts', '--serve', kind, '--db', database]);
    const r = await load({
      url: `http://127.0.0.1:${target.port}/pro-audio-form/save-form.php`,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(submission),
      connections,
      duration,
    });
    const stored = Number((await target.stop()).match(/stored (\d+)/)?.[1] ?? NaN);
    results[kind] = r['2xx'] / r.duration;
    const what = kind === 'service' ? 'the service' : 'ceiling (bare node:http + same insert)';
    console.log(`${label.padEnd(10)} ${what.padEnd(38)} ${summary(r)}; ${r['2xx']} acknowledged, ${stored} stored`);
  }
  const ratio = (results.service ?? 0) / (results.ceiling ?? 1);
  console.log(`${label.padEnd(10)} the service runs at ${ratio.toFixed(2)}× the ceiling`);
}

async function main(): Promise<void> {
  const duration = arg('duration', 10, 120);
  const connections = arg('connections', 50, 500);
  console.log(
    `POST /pro-audio-form/save-form.php, autocannon: ${connections} connections for ${duration} s per server, ` +
      `each acknowledged only once durable (${machineLoad()})`,
  );
  await eachDatabase((label, database) => measure(label, database, duration, connections));
}

const serveKind = textArg('serve');
const run = serveKind ? serveTarget(serveKind, textArg('db') ?? '') : main();
run.catch((error: Error) => {
  console.error(`bench:service failed: ${error.message}`);
  process.exit(1);
});
