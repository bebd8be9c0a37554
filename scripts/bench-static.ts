/**
 * `npm run bench:static [-- --duration 10 --connections 50]` (after `npm run build`): requests per
 * second for the largest JavaScript chunk and the home page of out/, from the bundled server and
 * from a plain static server (`serve`, as a static host would run it), side by side. The client
 * asks for compression as a browser does (`Accept-Encoding: gzip, deflate, br`).
 *
 * autocannon runs in one worker thread per core: reading 60 KB answers, a single autocannon
 * thread used a whole core while a bare node:http server sending the same bytes from memory used
 * an eighth of one, so one thread measured the client (about 1,300 req/s), not the server.
 */
import '@/lib/load-env';
import { serve } from '@hono/node-server';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '@/server/app';
import { arg, load, machineLoad, onStopRequest, startTarget, summary, textArg, type Target } from './bench-common';

const outDir = path.resolve('out');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function largestChunk(): string {
  const dir = path.join(outDir, '_next/static/chunks');
  const chunks = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
  const size = (f: string) => statSync(path.join(dir, f)).size;
  const largest = chunks.sort((a, b) => size(b) - size(a))[0];
  if (!largest) throw new Error('out/ has no JavaScript chunk');
  return `/_next/static/chunks/${largest.split(path.sep).join('/')}`;
}

/** The child: the bundled server on out/ until stopped. */
function serveSite(): void {
  const app = createApp({ site: { root: () => outDir, analytics: false } });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  server.once('listening', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
  onStopRequest(() => process.exit(0));
}

async function main(): Promise<void> {
  if (!existsSync(path.join(outDir, 'index.html'))) throw new Error('out/ is missing: run npm run build first');
  const duration = arg('duration', 10, 120);
  const connections = arg('connections', 50, 500);
  const chunk = largestChunk();
  console.log(`autocannon, ${connections} connections, ${duration} s per run (${machineLoad()})`);
  const plainPort = await freePort();
  const servers: Array<[string, () => Promise<Target>]> = [
    ['bundled server', () => startTarget(['scripts/bench-static.ts', '--serve', 'site'])],
    [
      'plain serve',
      () =>
        startTarget([path.resolve('node_modules/.bin/serve'), '-n', '-l', `tcp://127.0.0.1:${plainPort}`, outDir], {
          port: plainPort,
          readyPattern: /Accepting connections|Serving!/,
        }),
    ],
  ];
  for (const [label, url] of [
    [`JS chunk ${chunk} (${(statSync(path.join(outDir, chunk)).size / 1024).toFixed(0)} KB)`, chunk],
    ['home page /', '/'],
  ] as const) {
    console.log(label);
    const rates: number[] = [];
    for (const [name, start] of servers) {
      const target = await start();
      const r = await load({
        url: `http://127.0.0.1:${target.port}${url}`,
        headers: { 'Accept-Encoding': 'gzip, deflate, br' },
        connections,
        duration,
        workers: os.cpus().length,
      });
      await target.stop();
      rates.push(r['2xx'] / r.duration);
      console.log(`  ${name.padEnd(15)} ${summary(r)}`);
    }
    const [bundled = 0, plain = 1] = rates;
    console.log(`  the bundled server answers ${(bundled / plain).toFixed(1)}× as many as the plain one`);
  }
}

const run = textArg('serve') ? Promise.resolve(serveSite()) : main();
run.catch((error: Error) => {
  console.error(`bench:static failed: ${error.message}`);
  process.exit(1);
});
