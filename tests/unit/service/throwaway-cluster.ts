/**
 * A PostgreSQL cluster of a test's own (its own folder and port, on loopback), which the test may
 * stop and start again: the shared test cluster (scripts/test-postgres.sh) is never stopped. Uses
 * Debian's postgresql package; owned by the postgres user when the tests run as root (initdb
 * refuses root).
 */
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../free-port';

export interface ThrowawayCluster {
  /** The connection string of its `postgres` database. */
  url: string;
  /** `pg_ctl stop -m fast`: open connections are cut, new ones refused. */
  stop(): void;
  start(): void;
  /** Stops it and removes its folder. */
  remove(): void;
}

/** The newest installed PostgreSQL's bin folder, or undefined when none is installed. */
export function postgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(base, newest, 'bin') : undefined;
}

/** Makes and starts a cluster in a new temporary folder, on a free port. */
export async function throwawayCluster(bin: string): Promise<ThrowawayCluster> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-outage-pg-'));
  const root = process.getuid?.() === 0;
  if (root) {
    const ids = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gids = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    chownSync(dir, Number(ids.stdout.trim()), Number(gids.stdout.trim()));
  }
  const run = (command: string, args: readonly string[]) => {
    const [file, argv] = root ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, [...args]];
    const done = spawnSync(file, argv, { encoding: 'utf8' });
    if (done.status !== 0) throw new Error(`${command} failed: ${done.stderr}${done.stdout}`);
  };
  const port = await freePort();
  const data = path.join(dir, 'data');
  run(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () =>
    run(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-o', options, 'start']);
  const stop = () => run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    remove: () => {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
