/**
 * What the benchmarks share: each server under test runs in a child process of its own, and
 * autocannon (an external load generator, here as a library) drives it from this process, so the
 * figures measure the server, not the client sharing its event loop.
 */
import autocannon from 'autocannon';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { getEnv } from '@/lib/env';

/** `--name value` from the command line: a positive whole number up to `max`, else `fallback`. */
export function arg(name: string, fallback: number, max: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const n = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
}

/**
 * The value below which a share `q` of the known (not NaN) values lie; 0.5 gives the median (the
 * upper middle of an even count).
 */
export function quantile(values: readonly number[], q: number): number {
  const known = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b);
  return known[Math.floor((known.length - 1) * q + 0.5)] ?? Number.NaN;
}

export const median = (values: readonly number[]): number => quantile(values, 0.5);

/** `--name value` as text, or undefined. */
export function textArg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

export interface Target {
  port: number;
  /** Stops the server; resolves with everything it printed (its own summary last, if any). */
  stop(): Promise<string>;
  /** Resolves with everything printed once the process ends by itself. */
  finished: Promise<string>;
}

const tsx = path.resolve('node_modules/.bin/tsx');

/**
 * Starts `command` (a bench script in `--serve` mode, or any server) and waits until it prints
 * `listening <port>` (or, with `readyPattern`, a line matching it; the port is then `port`).
 */
export function startTarget(
  command: readonly string[],
  opts: { port?: number; readyPattern?: RegExp; env?: Record<string, string> } = {},
): Promise<Target> {
  const ours = command[0]?.endsWith('.ts') ?? false;
  const [file = tsx, ...args] = ours ? [tsx, ...command] : command;
  const child: ChildProcess = spawn(file, args, {
    env: { ...process.env, ...opts.env },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const finished = new Promise<string>((done) => child.once('close', () => done(output)));
  const signal = () => {
    try {
      process.kill(-(child.pid ?? 0), 'SIGTERM');
    } catch {
      // already gone
    }
  };
  return new Promise((resolve, reject) => {
    const onData = (data: Buffer) => {
      output += data.toString();
      const port = opts.readyPattern
        ? opts.readyPattern.test(output) && opts.port
        : Number(output.match(/listening (\d+)/)?.[1]);
      if (port) {
        child.stdout?.off('data', onData);
        child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
        resolve({
          port,
          finished,
          // Our own scripts stop cleanly on a line on standard input (and print their summary); others get SIGTERM.
          stop: () => {
            if (ours) {
              child.stdin?.end('stop\n');
              setTimeout(signal, 60_000).unref();
            } else signal();
            return finished;
          },
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => reject(new Error(`the server under test stopped (${code}):\n${output}`)));
  });
}

/** Calls `stop` when the parent asks (a line on standard input, see startTarget). */
export function onStopRequest(stop: () => void): void {
  process.stdin.once('data', stop);
}

/** One autocannon run. */
export function load(opts: autocannon.Options): Promise<autocannon.Result> {
  return autocannon({ ...opts, timeout: 30 });
}

/** "1,234 req/s (2xx 1,230/s); latency p50 12 ms, p99 40 ms" for a run. */
export function summary(r: autocannon.Result): string {
  const perSecond = (n: number) => Math.round(n / r.duration).toLocaleString('en');
  return (
    `${perSecond(r.requests.total).padStart(6)} req/s (2xx ${perSecond(r['2xx'])}/s, other ${r.non2xx + r.errors + r.timeouts}); ` +
    `latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`
  );
}

/** What else was running: the other helpers share this machine's cores. */
export function machineLoad(): string {
  const [one = 0] = os.loadavg();
  return `${os.cpus().length} cores, load average ${one.toFixed(2)} at start`;
}

/**
 * Runs `bench` on a temporary PGlite folder, then on PostgreSQL in a throwaway schema when
 * DATABASE_URL (or TEST_DATABASE_URL) is set. `database` is the folder or the connection URL.
 */
export async function eachDatabase(bench: (label: string, database: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-bench-'));
  try {
    await bench('PGlite', path.join(dir, 'pglite'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // A developer script: TEST_DATABASE_URL is the test suites' PostgreSQL, read here on purpose.
  const url = getEnv().DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('PostgreSQL skipped (set DATABASE_URL or TEST_DATABASE_URL to include it)');
    return;
  }
  const schema = `bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  try {
    const withSchema = new URL(url);
    withSchema.searchParams.set('options', `-c search_path=${schema}`);
    await bench('PostgreSQL', withSchema.toString());
  } finally {
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

/** Runs a bench's `main`: a failure prints its message (after "`label` failed:", when given) and exits with 1. */
export function runBench(main: () => Promise<void>, label?: string): void {
  main().catch((error: Error) => {
    console.error(label ? `${label} failed: ${error.message}` : error.message);
    process.exit(1);
  });
}
