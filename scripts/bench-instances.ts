/**
 * `npm run bench:instances [-- --duration 10 --connections 50]`: two service instances on one
 * PostgreSQL behind Debian's haproxy (round robin, on loopback), loaded with autocannon: accepted
 * submissions per second, p99 latency, and rows acknowledged (201) against rows stored; first with
 * both instances up, then with one killed (SIGKILL) half-way through. Needs PostgreSQL
 * (DATABASE_URL or TEST_DATABASE_URL, e.g. `source scripts/test-postgres.sh` first; a throwaway
 * schema is used) and haproxy (`apt-get install haproxy`).
 */
import '@/lib/load-env';
import type autocannon from 'autocannon';
import { getEnv } from '@/lib/env';
import { haproxyBinary, startCluster, type Cluster } from '../tests/unit/service/instances';
import { arg, load, machineLoad, runBench } from './bench-common';

async function run(cluster: Cluster, label: string, duration: number, connections: number, kill: boolean) {
  const acknowledged = new Set<string>();
  let n = 0;
  const before = Number(
    (await cluster.db.query<{ n: number }>("SELECT count(*)::int AS n FROM form_submissions WHERE form = 'pro-audio'"))
      .rows[0]?.n,
  );
  const killer = kill
    ? setTimeout(
        () => {
          cluster.instances[1]?.kill('SIGKILL');
          console.log(`  instance B killed (SIGKILL) after ${duration / 2} s`);
        },
        (duration * 1000) / 2,
      )
    : undefined;
  const r = await load({
    url: `${cluster.url}/pro-audio-form/save-form.php`,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        setupRequest: (req, context: Record<string, unknown>) => {
          n += 1;
          const fullName = `${label} ${n}`;
          context.name = fullName;
          return {
            ...req,
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ fullName, email: 'bench@example.com', phone: '9876543210' }),
          };
        },
        onResponse: (status: number, _body: string, context: Record<string, unknown>) => {
          if (status === 201) acknowledged.add(String(context.name));
        },
      } as autocannon.Request,
    ],
  });
  clearTimeout(killer);
  const rows = await cluster.db.query<{ full_name: string }>(
    "SELECT payload ->> 'fullName' AS full_name FROM form_submissions WHERE form = 'pro-audio' AND payload ->> 'fullName' LIKE $1",
    [`${label} %`],
  );
  const stored = new Set(rows.rows.map((row) => row.full_name));
  const lost = [...acknowledged].filter((name) => !stored.has(name)).length;
  const after = before + stored.size;
  console.log(
    `${label.padEnd(24)} ${Math.round(r['2xx'] / r.duration)
      .toLocaleString('en')
      .padStart(6)} accepted/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms; ` +
      `${acknowledged.size} acknowledged, ${stored.size} stored, ${lost} lost; other answers ${r.non2xx}, errors ${r.errors + r.timeouts} (table now ${after} rows)`,
  );
}

async function main(): Promise<void> {
  const duration = arg('duration', 10, 120);
  const connections = arg('connections', 50, 500);
  const proxyPort = arg('proxy-port', 0, 65_535) || undefined;
  // A developer script: TEST_DATABASE_URL is the test suites' PostgreSQL, read here on purpose.
  const url = getEnv().DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('set DATABASE_URL, or run `source scripts/test-postgres.sh` first');
  if (!haproxyBinary()) throw new Error('haproxy is not installed (apt-get install haproxy)');
  console.log(
    `POST /pro-audio-form/save-form.php through haproxy (round robin) to two instances on one PostgreSQL, ` +
      `autocannon: ${connections} connections for ${duration} s per run (${machineLoad()})`,
  );
  const cluster = await startCluster(url, { proxyPort });
  try {
    await run(cluster, 'two instances', duration, connections, false);
    await run(cluster, 'one killed half-way', duration, connections, true);
  } finally {
    await cluster.stop();
  }
}

runBench(main, 'bench:instances');
