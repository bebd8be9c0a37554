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
  /** From now on every answer ends its connection (`Connection: close`): the server is stopping. */
  closing: () => void;
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

/** `response`, the last on its connection: the client opens a new one (to the server taking over) for its next request. */
function lastOnItsConnection(response: Response): Response {
  try {
    response.headers.set('Connection', 'close');
    return response;
  } catch {
    // Headers that cannot change (a redirect's): the same answer with its own.
    const headers = new Headers(response.headers);
    headers.set('Connection', 'close');
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
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
  let stopping = false;
  // `hostname`: the address a request without a Host header (HTTP/1.0, a proxy's health check) is read against.
  const server = createAdaptorServer({
    fetch: async (request: Request, bindings: unknown) => {
      const response = await (current ?? (await firstHandler))(request, bindings);
      return stopping ? lastOnItsConnection(response) : response;
    },
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
    closing: () => {
      stopping = true;
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
    /** Whether a service manager runs it (and starts it again when it stops): see lib/service-socket.ts. */
    byServiceManager?: boolean;
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
    const record = {
      pid: process.pid,
      port: number,
      dataDir,
      ...(opts.handsOver ? { handsOver: true } : {}),
      ...(opts.byServiceManager ? { byServiceManager: true } : {}),
    };
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
  port: Port;
  store: Pick<Store, 'close'>;
  log: OwnerLog;
  commit: string;
  trial: boolean;
  runFile: string;
  closers: ReadonlyArray<() => void>;
}): void {
  const { port, store } = opts;
  const { server } = port;
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    opts.log('stop', `version ${opts.commit} stopping (${signal})`);
    if (!opts.trial) rmSync(opts.runFile, { force: true });
    for (const close of opts.closers) close();
    // Every answer from now on ends its connection, and close() ends the connections idle now: a
    // client's next request goes out on a new connection (to the server taking over), not on one
    // closed under it as it is sent (closing the idle connections every 50 ms lost such requests).
    port.closing();
    server.close(() => {
      store.close().finally(() => process.exit(0));
    });
    // A connection whose last answer went out just before is closed once idle, so the close ends soon.
    if ('closeIdleConnections' in server) setInterval(() => server.closeIdleConnections(), 1000).unref();
    setTimeout(() => {
      store.close().finally(() => process.exit(0));
    }, 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
