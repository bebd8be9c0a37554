import { createAdaptorServer, type ServerType } from '@hono/node-server';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '@/lib/env';
import type { OwnerLog } from '../platform/log';
import { runFileOf } from '../site/releases';
import type { Store } from '../store/store';

/**
 * What answers a request: `bindings` are the Node adapter's (the incoming request and its socket),
 * which the service reads the client's address from (rate limits, the sign-in brake).
 */
export type Handler = (request: Request, bindings: unknown) => Response | Promise<Response>;

/**
 * The server's port, taken before the site is ready: requests wait until `handle` gives what
 * answers them; a later `handle` replaces it (the pages alone, then the whole site once the
 * database is open).
 */
export interface Port {
  server: ServerType;
  handle: (handler: Handler) => void;
  /** Resolves once the port is taken (at once when it was taken early). */
  listening: () => Promise<void>;
}

/** Resolves once process `pid` no longer exists. */
export async function untilStopped(pid: number): Promise<void> {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Listens on `port`; while the port is still taken and `retryMs` has not passed, tries again. */
function listen(server: ServerType, port: number, host: string, retryMs: number): Promise<void> {
  const deadline = Date.now() + retryMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const failed = (error: NodeJS.ErrnoException) => {
        if (error.code === 'EADDRINUSE' && Date.now() < deadline) setTimeout(attempt, 10);
        else reject(error);
      };
      server.once('error', failed);
      server.listen(port, host, () => {
        server.off('error', failed);
        resolve();
      });
    };
    attempt();
  });
}

/** Listens on the socket open as file descriptor `fd` (the running version's, handed over). */
function listenOnInherited(server: ServerType, fd: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ fd }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * The server, its requests waiting for what answers them. With `fd` (the updater's switch, by
 * hand-over), it accepts at once on the socket the version serving handed it; with `after` (the
 * switch from a version that cannot hand over), the port is taken as soon as process `after` lets
 * go of it; otherwise when `listening` is called.
 */
export function takePort(env: Pick<Env, 'PORT' | 'HOST'>, opts: { after: number; fd?: number }): Port {
  let first: (handler: Handler) => void = () => undefined;
  const firstHandler = new Promise<Handler>((resolve) => (first = resolve));
  let current: Handler | undefined;
  // `hostname`: the address a request without a Host header (HTTP/1.0, a proxy's health check) is read against.
  const server = createAdaptorServer({
    fetch: async (request: Request, bindings: unknown) => (current ?? (await firstHandler))(request, bindings),
    hostname: env.HOST,
  });
  let listened =
    opts.fd !== undefined
      ? listenOnInherited(server, opts.fd)
      : opts.after > 0
        ? listen(server, env.PORT, env.HOST, 120_000)
        : undefined;
  return {
    server,
    handle: (given) => {
      current = given;
      first(given);
    },
    listening: () => {
      listened ??= listen(server, env.PORT, env.HOST, 0);
      return listened;
    },
  };
}

/**
 * Serves on the port once taken: the running server's record (runFileOf: data/pglite.server.json)
 * names the process, port and data folder (for `npm run update`; not on a trial), and the log and
 * the console say so. Resolves with the record's path.
 */
export async function announce(
  port: Port,
  opts: {
    env: Pick<Env, 'PORT' | 'HOST' | 'DATA_DIR'>;
    trial: boolean;
    commit: string;
    log: OwnerLog;
    /** What is served, when not the whole site (the pages alone while the database is away). */
    what?: string;
    /** Whether it hands its socket to the version that replaces it (see acceptHandOvers). */
    handsOver?: boolean;
  },
): Promise<string> {
  const { env, trial, commit, log } = opts;
  await port.listening();
  const address = port.server.address();
  const number = typeof address === 'object' && address ? address.port : env.PORT;
  const runFile = runFileOf(env.DATA_DIR);
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  if (!trial) {
    // Owner-only, like the data beside it; its folder made when missing (on PostgreSQL nothing else makes it).
    mkdirSync(path.dirname(runFile), { recursive: true, mode: 0o700 });
    const dataDir = path.resolve(env.DATA_DIR);
    const record = { pid: process.pid, port: number, dataDir, ...(opts.handsOver ? { handsOver: true } : {}) };
    writeFileSync(runFile, JSON.stringify(record), { mode: 0o600 });
  }
  log(
    'start',
    `version ${commit} serving${opts.what ? ` ${opts.what}` : ''} on port ${number} (process ${process.pid})`,
  );
  console.log(`Site ready at http://${host}:${number}`);
  return runFile;
}

/**
 * On SIGINT or SIGTERM, once: logs the stop, removes the record (not on a trial), runs `closers` in
 * order, then closes the server and the store and exits with 0, within five seconds at most.
 */
export function stopOnSignals(opts: {
  server: ServerType;
  store: Pick<Store, 'close'>;
  log: OwnerLog;
  commit: string;
  trial: boolean;
  runFile: string;
  closers: ReadonlyArray<() => void>;
}): void {
  const { server, store } = opts;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    opts.log('stop', `version ${opts.commit} stopping (${signal})`);
    if (!opts.trial) rmSync(opts.runFile, { force: true });
    for (const close of opts.closers) close();
    server.close(() => {
      store.close().finally(() => process.exit(0));
    });
    // Keep-alive connections between two requests are closed too, so the close ends with the last answer.
    if ('closeIdleConnections' in server) setInterval(() => server.closeIdleConnections(), 50).unref();
    setTimeout(() => {
      store.close().finally(() => process.exit(0));
    }, 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
