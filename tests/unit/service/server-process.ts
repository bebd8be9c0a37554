import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync } from 'node:fs';
import { freePort } from '../../free-port';
import { tsxNode } from '../../tsx-node';
import path from 'node:path';
import { proAudioRowOf } from '@/lib/forms/pro-audio/schema';
import { lockName, tryOsLock } from '@/server/store/lock';
import { openStore } from '@/server/store/store';

const root = path.resolve(__dirname, '../../..');

/** Whether this machine lets the tests make namespaces and bind mounts (root with unshare). */
export function canUnshare(): boolean {
  if (process.getuid?.() !== 0) return false;
  return spawnSync('unshare', ['--pid', '--fork', '--mount-proc', '-m', 'true']).status === 0;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  output: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  /** Signals the whole process group (a wrapper and the server it runs). */
  kill: (signal: NodeJS.Signals) => void;
}

/**
 * Runs the real server (server/main.ts --no-build) from `cwd` on `port`, optionally wrapped in a
 * command (e.g. `unshare --pid --fork --mount-proc`), with `env` added to this process's environment
 * less DATABASE_URL.
 */
export function spawnServer(opts: {
  cwd: string;
  port: number;
  env: Record<string, string>;
  wrapper?: readonly string[];
}): ServerProcess {
  const { DATABASE_URL: _, ...env } = process.env;
  const command = [...(opts.wrapper ?? []), process.execPath, ...tsxNode('server/main.ts', ['--no-build'])];
  const child = spawn(command[0] ?? process.execPath, command.slice(1), {
    cwd: opts.cwd,
    // The log on standard output only: never a logs/ folder in the project.
    env: {
      ...env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '100000',
      LOG_DIR: 'journal',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own: a wrapper's processes and the server's must all go.
    detached: true,
  });
  let text = '';
  child.stdout?.on('data', (d: Buffer) => (text += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (text += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid ?? 0), signal);
    } catch {
      // already gone
    }
  };
  return { child, port: opts.port, output: () => text, exited, kill };
}

/**
 * Starts the real server (`npm run serve`) on `dataDir` with the embedded database, optionally
 * wrapped in a command (e.g. `unshare --pid --fork --mount-proc`).
 */
export async function startServer(dataDir: string, wrapper: readonly string[] = []): Promise<ServerProcess> {
  return spawnServer({ cwd: root, port: await freePort(), env: { DATA_DIR: dataDir }, wrapper });
}

/** Waits until the server says it is ready, or throws with its output if it exits first. */
export async function ready(server: ServerProcess, timeoutMs = 90_000, name = 'server'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (!server.output().includes('Site ready')) {
    if (exited || Date.now() > deadline) throw new Error(`${name} did not start:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Sends `count` pro audio submissions at once; returns the names of those acknowledged with 201. */
export async function submit(port: number, prefix: string, count: number): Promise<string[]> {
  const results = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const fullName = `${prefix} ${i}`;
      try {
        const res = await fetch(`http://127.0.0.1:${port}/pro-audio-form/save-form.php`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ fullName, email: `c${i}@example.com`, phone: '9876543210' }),
        });
        return res.status === 201 ? fullName : undefined;
      } catch {
        return undefined;
      }
    }),
  );
  return results.filter((name): name is string => name !== undefined);
}

/**
 * Waits until no process holds the embedded database's lock in `dataDir`: a killed server's process
 * group (a wrapper and the server it runs) may take a moment more to go than its first process.
 */
export async function untilFree(dataDir: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lock = tryOsLock(path.join(dataDir, lockName));
    if (lock) {
      closeSync(lock.fd);
      return;
    }
    if (Date.now() > deadline) throw new Error(`${dataDir} is still locked`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Kills the server outright (SIGKILL: no clean shutdown at all) and waits until its database is free. */
export async function killOutright(server: ServerProcess, dataDir: string): Promise<void> {
  server.kill('SIGKILL');
  await server.exited;
  await untilFree(dataDir);
}

/** The full names of the pro audio submissions stored in the embedded database in `dataDir`. */
export async function storedProAudioNames(dataDir: string): Promise<Set<string>> {
  const store = await openStore({ dataDir });
  try {
    return new Set((await store.listInbox('pro-audio')).map(proAudioRowOf).map((row) => row.full_name));
  } finally {
    await store.close();
  }
}
