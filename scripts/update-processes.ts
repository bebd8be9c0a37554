/**
 * The processes `npm run update` (scripts/update.ts) starts, waits for and stops: each takes what it
 * acts on as a parameter. `npm run db:restore` waits and asks about systemd with the same
 * (scripts/restart-server.ts).
 */
import { spawn } from 'node:child_process';
import { closeSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { openPrivate, privateFolder, writePrivate } from '@/server/platform/private-files';
import { releaseCommand, type RunInfo } from '@/server/site/releases';
import { requestHandOver } from '@/server/startup/hand-over';

/** Runs a command to its end with its output in `logFile` (owner-only); resolves with its exit code. */
export function run(
  command: string,
  args: readonly string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; logFile: string },
) {
  const out = openPrivate(opts.logFile, 'a');
  return new Promise<number>((resolve) => {
    const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', out, out] });
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  }).finally(() => closeSync(out));
}

/** Asks `what` every 100 ms until it gives a value or `timeoutMs` passes. */
export async function until<T>(what: () => Promise<T | undefined>, timeoutMs: number): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await what().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  return undefined;
}

/** The version answering /api/health on `port`, once it answers 200. */
export const healthy = (port: number, timeoutMs: number) =>
  until(async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    return res.ok ? ((await res.json()) as { version: string }).version : undefined;
  }, timeoutMs);

/** A port no one listens on now, for the trial. */
export const sparePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/** Whether a process with this id exists. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether `pid` runs as a systemd service (which restarts it when it stops). */
export function supervised(pid: number): boolean {
  try {
    return /system\.slice\/[^/\n]+\.service$/m.test(readFileSync(`/proc/${pid}/cgroup`, 'utf8'));
  } catch {
    return false;
  }
}

/** Stops the running server (SIGTERM; SIGKILL after 15 s) and waits until its process is gone. */
export async function stopServer(server: RunInfo): Promise<void> {
  process.kill(server.pid, 'SIGTERM');
  if (await until(async () => (alive(server.pid) ? undefined : true), 15_000)) return;
  process.kill(server.pid, 'SIGKILL');
  await until(async () => (alive(server.pid) ? undefined : true), 5_000);
}

/**
 * Starts `folder`'s server in the background, as `npm start` there would, in `env`, its output in
 * `logs`/server-output.log (owner-only, in an owner-only folder); with `after`, it loads and then waits for that process to stop (see
 * server/main.ts). Resolves with its process id once it has loaded, or undefined when it exited.
 */
export async function startDetachedIn(opts: {
  folder: string;
  after?: number;
  logs: string;
  env: NodeJS.ProcessEnv;
}): Promise<number | undefined> {
  const outFile = path.join(privateFolder(opts.logs), 'server-output.log');
  const out = openPrivate(outFile, 'w');
  const [command, args] = releaseCommand(opts.folder, opts.after ? ['--after', String(opts.after)] : []);
  const child = spawn(command, args, { cwd: opts.folder, env: opts.env, stdio: ['ignore', out, out], detached: true });
  child.unref();
  closeSync(out);
  const loaded = opts.after ? 'Waiting for process' : 'Opening';
  const started = await until(async () => {
    if (child.exitCode !== null) return false;
    return readFileSync(outFile, 'utf8').includes(loaded) ? true : undefined;
  }, 120_000);
  return started ? child.pid : undefined;
}

/**
 * Asks the running server to start `folder`'s server with its listening socket (see
 * server/startup/hand-over.ts), in `env`, the output in `logs`/server-output.log. Resolves with
 * the new server's process id once it has loaded and accepts beside the running one, or undefined
 * when it did not within two minutes.
 */
export async function handOverTo(
  server: RunInfo,
  opts: { dataDir: string; folder: string; env: NodeJS.ProcessEnv; logs: string },
): Promise<number | undefined> {
  const output = path.join(privateFolder(opts.logs), 'server-output.log');
  writePrivate(output, '', 'w');
  requestHandOver(opts.dataDir, { folder: opts.folder, env: opts.env, output });
  process.kill(server.pid, 'SIGUSR2');
  return until(async () => {
    const pid = /Waiting for process \d+ to stop \(this is process (\d+)\)/.exec(readFileSync(output, 'utf8'))?.[1];
    return pid && alive(Number(pid)) ? Number(pid) : undefined;
  }, 120_000);
}

/** Stops a process group started by startDetachedIn. */
export function stopGroup(pid: number | undefined): void {
  // No process id: nothing was started (group 0 would be this command's own).
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    // already gone
  }
}
