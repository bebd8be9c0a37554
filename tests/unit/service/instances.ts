/**
 * Two service instances on one PostgreSQL behind Debian's haproxy (round robin) on loopback, for
 * tests/unit/service/instances.test.ts and `npm run bench:instances`. Each instance is the real
 * server (server/main.ts) run from a temporary folder that holds a one-page `out/` and a stand-in
 * for the site's build (a few seconds, then a new page), so the rebuild webhook is real but fast
 * (about 4 s).
 */
import { writeScripts } from './stand-in-scripts';
import { indiaDayAndTime } from '@/server/platform/jobs';
import { openStore } from '@/server/store/store';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { throwawaySchema } from './postgres';
import { freePort } from '../../free-port';
import { ready, type ServerProcess, spawnServer } from './server-process';

const root = path.resolve(__dirname, '../../..');

/** Debian's haproxy, or undefined when it is not installed. */
export function haproxyBinary(): string | undefined {
  const found = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p));
  return found ?? (spawnSync('sh', ['-c', 'command -v haproxy']).stdout?.toString().trim() || undefined);
}

interface Instance extends ServerProcess {
  name: string;
}

export interface Cluster {
  /** The proxy's address: http://127.0.0.1:<port>. */
  url: string;
  instances: Instance[];
  /** The database the instances share (a throwaway schema). */
  databaseUrl: string;
  db: pg.Pool;
  rebuildSecret: string;
  stop(): Promise<void>;
}

const rebuildSecret = 'a rebuild secret for the instance tests';

function startInstance(name: string, cwd: string, port: number, databaseUrl: string): Instance {
  const env = {
    TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.json'),
    DATABASE_URL: databaseUrl,
    TRUST_PROXY: 'true',
    REBUILD_SECRET: rebuildSecret,
    BUILDS_DIR: path.join(cwd, 'builds'),
  };
  return { name, ...spawnServer({ cwd, port, env }) };
}

/** haproxy: one front end, round robin over the instances, quick health checks, retries elsewhere. */
function haproxyConfig(front: number, backends: readonly number[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  retries 2',
    '  option redispatch',
    '  option forwardfor',
    'frontend site',
    `  bind 127.0.0.1:${front}`,
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk GET /api/auth/me',
    ...backends.map((port, i) => `  server i${i} 127.0.0.1:${port} check inter 300 fall 2 rise 2`),
    '',
  ].join('\n');
}

/**
 * Starts two instances on a new schema of `adminUrl`'s PostgreSQL and haproxy in front of them on
 * `proxyPort` (0: any free port). `staff` accounts are added first (name → password hash).
 */
export async function startCluster(
  adminUrl: string,
  opts: { proxyPort?: number; prepare?: (db: pg.Pool) => Promise<void> } = {},
): Promise<Cluster> {
  const haproxy = haproxyBinary();
  if (!haproxy) throw new Error('haproxy is not installed');
  const schema = await throwawaySchema(adminUrl, 'instances');
  const databaseUrl = schema.url;

  const cwd = mkdtempSync(path.join(os.tmpdir(), 'studio-instances-'));
  mkdirSync(path.join(cwd, 'out'));
  writeFileSync(path.join(cwd, 'out', '404.html'), '<h1>Not found</h1>');
  writeFileSync(path.join(cwd, 'out', 'index.html'), '<h1>First build</h1>');
  // The stand-in build, where the server starts the site's build (scripts/build-site.ts in its
  // folder): four seconds, then a page that says which build made it.
  writeScripts(cwd, {
    'build-site.ts': [
      "import { mkdirSync, writeFileSync } from 'node:fs';",
      'setTimeout(() => {',
      "  mkdirSync('out', { recursive: true });",
      "  writeFileSync('out/index.html', `<h1>Built ${process.hrtime.bigint()}</h1>\\n`);",
      '}, 4000);',
    ],
    // And the build the server keeps started ahead (scripts/build-standby.ts): the same, once told to go.
    'build-standby.ts': [
      "import { createInterface } from 'node:readline';",
      'const input = createInterface({ input: process.stdin });',
      "input.once('line', () => {",
      '  input.close();',
      '  process.stdin.destroy();',
      "  require('./build-site');",
      '});',
    ],
  });

  const instances: Instance[] = [];
  let proxy: ChildProcess | undefined;
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const stop = async () => {
    proxy?.kill('SIGTERM');
    for (const i of instances) i.kill('SIGTERM');
    await Promise.all(instances.map((i) => Promise.race([i.exited, new Promise((r) => setTimeout(r, 8000))])));
    for (const i of instances) i.kill('SIGKILL');
    await db.end();
    await schema.drop();
    rmSync(cwd, { recursive: true, force: true });
  };
  try {
    // Today's daily rebuild counts as done, so that the builds these tests count are their own.
    const store = await openStore({ databaseUrl, dataDir: '' });
    await store.db.write((tx) =>
      tx.query(
        `INSERT INTO job_runs (job, day, status, outcome) VALUES ('daily-rebuild', $1, 'succeeded', 'done before the test')`,
        [indiaDayAndTime(new Date())[0]],
      ),
    );
    await store.close();
    // The first instance makes the first build folder; then the second starts.
    for (const name of ['A', 'B']) {
      const instance = startInstance(name, cwd, await freePort(), databaseUrl);
      instances.push(instance);
      await ready(instance, 120_000, instance.name);
    }
    await opts.prepare?.(db);
    const front = opts.proxyPort || (await freePort());
    const config = path.join(cwd, 'haproxy.cfg');
    writeFileSync(
      config,
      haproxyConfig(
        front,
        instances.map((i) => i.port),
      ),
    );
    proxy = spawn(haproxy, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    const started = Date.now();
    for (;;) {
      const answer = await fetch(`http://127.0.0.1:${front}/api/auth/me`).catch(() => undefined);
      if (answer?.status === 200) break;
      if (Date.now() - started > 15_000) throw new Error('haproxy did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    // Both instances up in haproxy's eyes (two health checks each).
    await new Promise((r) => setTimeout(r, 1000));
    return { url: `http://127.0.0.1:${front}`, instances, databaseUrl, db, rebuildSecret, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Posts one pro audio submission; true when it was acknowledged (201). */
export async function submitOne(url: string, fullName: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/pro-audio-form/save-form.php`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ fullName, email: 'load@example.com', phone: '9876543210' }),
    });
    await res.arrayBuffer();
    return res.status === 201;
  } catch {
    return false;
  }
}
