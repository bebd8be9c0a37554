/**
 * The switch without a gap (`npm run update`, and its --rollback). On Node 20 two processes cannot
 * listen on one port side by side (the `reusePort` listen option came with Node 22.12), and a port
 * closed by one process and taken by the next refuses the connections that come in between. So the
 * version serving hands its listening socket to the one replacing it: asked by the updater (a
 * request beside its record, then SIGUSR2), it starts the new version's server itself, the socket
 * open in it as file descriptor 3 (`--port-fd 3`), in the environment the updater gives. Both accept on the one socket until the old one
 * has stopped: no connection is refused, and what the new one accepts before it has opened the
 * database waits for it. See docs/decisions.md.
 */
import { spawn } from 'node:child_process';
import { closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { openPrivate, privateFolder } from '../platform/private-files';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerType } from '@hono/node-server';
import type { OwnerLog } from '../platform/log';

/** What the updater asks of the server serving. */
export interface HandOverRequest {
  /** The folder whose server takes over (a release, or the project folder). */
  readonly folder: string;
  /**
   * The environment it runs in: the one the updater would start it in, with the port the site
   * serves on (the file is the owner's only, and removed as soon as it is read).
   */
  readonly env: NodeJS.ProcessEnv;
  /** The file its output goes to. */
  readonly output: string;
}

/** The file descriptor the new server finds the socket at. */
const handedOverFd = 3;

/** Where the updater leaves its request: beside the running server's record (runFileOf). */
const handOverFileOf = (dataDir: string): string => `${path.resolve(dataDir)}.hand-over.json`;

/** Leaves the request for the server serving `dataDir` (which then acts on it when sent SIGUSR2). */
export function requestHandOver(dataDir: string, request: HandOverRequest): void {
  writeFileSync(handOverFileOf(dataDir), JSON.stringify(request), { mode: 0o600 });
}

const isEnvironment = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && Object.values(value).every((v) => typeof v === 'string');

/** The request in `file` when there is a well-formed one; the file is removed: a request is acted on once. */
function takeRequest(file: string): HandOverRequest | undefined {
  try {
    const v = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<keyof HandOverRequest, unknown>>;
    return typeof v.folder === 'string' && typeof v.output === 'string' && isEnvironment(v.env)
      ? { folder: v.folder, output: v.output, env: v.env as NodeJS.ProcessEnv }
      : undefined;
  } catch {
    return undefined;
  } finally {
    rmSync(file, { force: true });
  }
}

/**
 * node's arguments to run `folder`'s server in this one process, through tsx's loader: the `tsx`
 * command (releaseCommand) would run it in a second process, which would not have the socket.
 */
export const serverInOneProcess = (folder: string, args: readonly string[]): string[] => [
  '--import',
  pathToFileURL(path.join(folder, 'node_modules/tsx/dist/loader.mjs')).href,
  path.join(folder, 'server/main.ts'),
  ...args,
];

/** The listening socket's file descriptor in this process (Node's handle of it; none on Windows). */
function socketFd(server: ServerType): number | undefined {
  const fd = (server as unknown as { _handle?: { fd?: unknown } })._handle?.fd;
  return typeof fd === 'number' && fd >= 0 ? fd : undefined;
}

/**
 * On SIGUSR2: starts the server the request names, detached, in the request's environment, with
 * this one's listening socket, its output in the request's file. It loads, then waits for this
 * process to stop (`--after`) before opening the data.
 */
export function acceptHandOvers(opts: { server: ServerType; dataDir: string; log: OwnerLog }): void {
  process.on('SIGUSR2', () => {
    const request = takeRequest(handOverFileOf(opts.dataDir));
    const fd = socketFd(opts.server);
    if (!request || fd === undefined) return;
    privateFolder(path.dirname(request.output));
    const out = openPrivate(request.output, 'w');
    try {
      const args = ['--after', String(process.pid), '--port-fd', String(handedOverFd)];
      const child = spawn(process.execPath, serverInOneProcess(request.folder, args), {
        cwd: request.folder,
        env: request.env,
        stdio: ['ignore', out, out, fd],
        detached: true,
      });
      child.on('error', (error) => opts.log('update', `the new version could not be started: ${error.message}`));
      child.unref();
      opts.log('update', `port handed over to the server of ${request.folder} (process ${child.pid})`);
    } finally {
      closeSync(out);
    }
  });
}
