/**
 * Why a start failed, in one line for the owner's log: a port already taken names the process that
 * holds it when this machine tells (Linux's /proc: the listening socket in /proc/net/tcp and tcp6,
 * then the process whose open files hold that socket); a process of another user is named by its
 * user, since only root may look into it; without /proc (or in another network namespace), the line
 * says it could not tell and what names it (`sudo ss -ltnp`).
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';

/** The listening sockets on `port` in a /proc/net/tcp-style table: their inodes and owners' user ids. */
function listeningSockets(table: string, port: number): { inode: string; uid: string }[] {
  return table
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols[3] === '0A' && Number.parseInt(cols[1]?.split(':')[1] ?? '', 16) === port)
    .map((cols) => ({ inode: cols[9] ?? '', uid: cols[7] ?? '' }));
}

const readOr = (file: string, fallback = ''): string => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
};

/** The process (of those this user may look into) that holds the socket `inode` open. */
function processHolding(proc: string, inode: string): string | undefined {
  const target = `socket:[${inode}]`;
  for (const pid of readdirSync(proc).filter((name) => /^\d+$/.test(name))) {
    let fds: string[];
    try {
      fds = readdirSync(path.join(proc, pid, 'fd'));
    } catch {
      continue;
    }
    const holds = fds.some((fd) => {
      try {
        return readlinkSync(path.join(proc, pid, 'fd', fd)) === target;
      } catch {
        return false;
      }
    });
    if (holds) return pid;
  }
  return undefined;
}

/** The user name of `uid` (from /etc/passwd), or `uid N`. */
function userOf(uid: string, passwd: string): string {
  const line = passwd.split('\n').find((l) => l.split(':')[2] === uid);
  return line ? (line.split(':')[0] ?? `uid ${uid}`) : `uid ${uid}`;
}

/** Who listens on TCP `port` on this machine, as a phrase ("process 42 (node server.js)"), or undefined. */
export function portHolder(port: number, roots = { proc: '/proc', passwd: '/etc/passwd' }): string | undefined {
  const tables = ['tcp', 'tcp6'].map((name) => readOr(path.join(roots.proc, 'net', name)));
  const sockets = tables.flatMap((table) => listeningSockets(table, port));
  if (sockets.length === 0) return undefined;
  for (const socket of sockets) {
    const pid = processHolding(roots.proc, socket.inode);
    if (!pid) continue;
    const command = readOr(path.join(roots.proc, pid, 'cmdline'))
      .split('\0')
      .filter(Boolean)
      .join(' ');
    const shown = command.length > 100 ? `${command.slice(0, 99)}…` : command;
    return `process ${pid}${shown ? ` (${shown})` : ''}`;
  }
  const uid = sockets[0]?.uid ?? '';
  return `a process of user ${userOf(uid, readOr(roots.passwd))}, which this user may not look into`;
}

/** The one-line reason a start failed with `error`, for the log and the terminal. */
export function startFailureReason(error: unknown, where: { PORT: number; HOST: string }): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const port = where.PORT;
  if (code === 'EADDRINUSE') {
    const holder = portHolder(port);
    const who =
      holder ?? `another program (which one could not be told here: sudo ss -ltnp 'sport = :${port}' names it)`;
    return `port ${port} is already in use by ${who}: stop it, or set PORT to a free port`;
  }
  if (code === 'EACCES')
    return `port ${port} may only be taken by root (ports below 1024): set PORT to 1024 or above, behind the proxy (Caddy)`;
  if (code === 'EADDRNOTAVAIL')
    return `HOST ${where.HOST} is not an address of this machine: set HOST to one of its own`;
  return error instanceof Error ? error.message : String(error);
}
