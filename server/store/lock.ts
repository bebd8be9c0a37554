import { randomBytes } from 'node:crypto';
import {
  existsSync,
  closeSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tryLock } from 'fs-native-extensions';

/** Thrown when another process holds the embedded database, or may still hold it. */
export class DataDirInUseError extends Error {}

/** Who opened the folder last: written into the lock file by its holder, for messages and checks. */
export interface LockOwner {
  pid: number;
  host: string;
  /** The kernel's boot id: the same in every container of one machine, new after each reboot. */
  bootId: string;
  since: string;
  token: string;
}

export const lockName = 'studio-server.lock';
/** The operator's command that explains a refusal (and, when only a person can know, releases). */
const unlockCommand = 'npm run db:unlock';
const heldHere = new Set<string>();

export function bootId(): string {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return 'unknown';
  }
}

/** The record in a lock file; undefined when there is none (or it is unreadable). */
export function readOwner(file: string): LockOwner | undefined {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    return typeof value.token === 'string' && typeof value.pid === 'number' ? (value as LockOwner) : undefined;
  } catch {
    return undefined;
  }
}

export const describeOwner = (owner: LockOwner | undefined): string =>
  owner ? `process ${owner.pid} on ${owner.host} (since ${owner.since})` : 'another process';

/**
 * Whether a previous holder whose OS lock is released is provably gone: the kernel drops an OS lock
 * when its process dies, so on this machine (the same boot) a free lock means a dead holder, in
 * any container or PID namespace. A holder on this host before a reboot is gone too. A holder on
 * another machine sharing the folder is not provable from here: a person must say so.
 */
export function provablyDead(owner: LockOwner | undefined): boolean {
  if (!owner) return true;
  const me = bootId();
  if (owner.bootId === me && me !== 'unknown') return true;
  return owner.host === os.hostname() && owner.bootId !== me;
}

export interface OsLock {
  fd: number;
  file: string;
}

/**
 * Takes the OS lock on `file` (created when missing): an open-file-description lock (fcntl
 * F_OFD_SETLK, through fs-native-extensions), held as long as this process keeps the file open and
 * released by the kernel when it dies however it dies. Undefined when another process holds it.
 * The file is checked to be the one at `file` after locking (an unlinked one is retried).
 */
export function tryOsLock(file: string): OsLock | undefined {
  for (;;) {
    const fd = openSync(file, 'a+', 0o600);
    let locked: boolean;
    try {
      locked = tryLock(fd);
    } catch (error) {
      closeSync(fd);
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      throw new DataDirInUseError(
        `The file system of ${path.dirname(file)} refuses file locks (${code}): put DATA_DIR on a local disk, or use DATABASE_URL.`,
      );
    }
    if (!locked) {
      closeSync(fd);
      return undefined;
    }
    if (sameFile(fd, file)) return { fd, file };
    closeSync(fd);
  }
}

/** Whether the open file `fd` is still the file at `file` (not removed or replaced). */
function sameFile(fd: number, file: string): boolean {
  try {
    const open = fstatSync(fd);
    const now = statSync(file);
    return open.ino === now.ino && open.dev === now.dev && open.nlink > 0;
  } catch {
    return false;
  }
}

function writeOwner(fd: number, owner: LockOwner | undefined): void {
  ftruncateSync(fd, 0);
  if (owner) writeSync(fd, JSON.stringify(owner), 0);
  fsyncSync(fd);
}

export interface HeldLock {
  /** Throws (and the caller must stop) when the lock file was removed or replaced under this process. */
  check(): void;
  release(): void;
}

function inUse(dataDir: string, owner: LockOwner | undefined): DataDirInUseError {
  return new DataDirInUseError(
    `The embedded database in ${dataDir} is in use by ${describeOwner(owner)}: it holds the folder's lock, so it is running (perhaps paused or stopped by a debugger). ` +
      `Stop that server first: the embedded database allows one server at a time, also across containers sharing the folder (use DATABASE_URL for several). ` +
      `\`${unlockCommand}\` shows who holds it.`,
  );
}

function unprovable(dataDir: string, owner: LockOwner): DataDirInUseError {
  return new DataDirInUseError(
    `The embedded database in ${dataDir} was last opened by ${describeOwner(owner)}, another machine or container boot that this one cannot check, and it did not close the database. ` +
      `If that server is stopped, run \`${unlockCommand} -- --release\`; starting beside a running one would corrupt the database.`,
  );
}

/**
 * Opens the embedded database's folder for this process alone. Two writers never: a holder that may
 * be alive (its OS lock is held, even by a paused process; or it ran on a machine this one cannot
 * check) is never taken over, and the start is refused with a message that names the operator's
 * command. A lock whose holder is provably dead (see provablyDead) is taken at once. Should the lock
 * file be removed or replaced while it is held, `log` is told why and the process stops (exit 70).
 */
export function acquireDataDirLock(dataDir: string, log: (line: string) => void = console.error): HeldLock {
  const file = path.join(dataDir, lockName);
  if (heldHere.has(file)) throw new DataDirInUseError(`The database in ${dataDir} is already open in this process.`);
  const lock = tryOsLock(file);
  if (!lock) throw inUse(dataDir, readOwner(file));
  const previous = readOwner(file);
  if (!provablyDead(previous) && previous) {
    closeSync(lock.fd);
    throw unprovable(dataDir, previous);
  }
  const me: LockOwner = {
    pid: process.pid,
    host: os.hostname(),
    bootId: bootId(),
    since: new Date().toISOString(),
    token: randomBytes(16).toString('hex'),
  };
  writeOwner(lock.fd, me);
  heldHere.add(file);

  const check = (deep = false) => {
    if (!sameFile(lock.fd, file) || (deep && readOwner(file)?.token !== me.token)) {
      // The whole folder gone (deleted by hand, or a test's temporary folder): nothing is left to
      // corrupt and every write fails on its own. Exiting would only let a supervisor start a new,
      // empty database in its place.
      if (!existsSync(dataDir)) {
        clearInterval(watch);
        return;
      }
      // The owner's log says why the server stopped (exit code 70).
      log(
        `The lock of the embedded database in ${dataDir} was removed or replaced (${unlockCommand} -- --release?); stopping now, before writing anything more.`,
      );
      process.exit(70);
    }
  };
  const watch = setInterval(() => check(true), 2000);
  watch.unref();
  let released = false;
  return {
    check: () => check(),
    release() {
      if (released) return;
      released = true;
      clearInterval(watch);
      heldHere.delete(file);
      // Removed while still locked, so that no opener can lock this file after it is gone from the folder.
      if (sameFile(lock.fd, file)) rmSync(file, { force: true });
      closeSync(lock.fd);
    },
  };
}

/**
 * Stops the server that holds the embedded database in `dataDir`, for `npm run db:restore`: the
 * holder named in the lock file, when it runs on this machine (the same boot and host: its pid is
 * this machine's), is sent SIGTERM (and SIGCONT, should it be paused), and the OS lock is awaited
 * (the kernel frees it when the process is gone). Resolves with the holder it stopped and the folder
 * it ran from, or undefined when no process held the folder. Throws when the holder is elsewhere,
 * or still holds the lock after `waitMs`.
 */
export async function stopHolder(
  dataDir: string,
  waitMs = 30_000,
): Promise<{ owner: LockOwner; cwd?: string } | undefined> {
  const file = path.join(dataDir, lockName);
  const free = () => {
    const lock = tryOsLock(file);
    if (lock) closeSync(lock.fd);
    return lock !== undefined;
  };
  if (!existsSync(file) || free()) return undefined;
  const owner = readOwner(file);
  if (!owner || owner.bootId !== bootId() || owner.host !== os.hostname())
    throw new DataDirInUseError(
      `The embedded database in ${dataDir} is in use by ${describeOwner(owner)}, which this machine cannot stop: stop it where it runs, then run this again.`,
    );
  let cwd: string | undefined;
  try {
    cwd = readlinkSync(`/proc/${owner.pid}/cwd`);
  } catch {
    cwd = undefined;
  }
  process.kill(owner.pid, 'SIGTERM');
  process.kill(owner.pid, 'SIGCONT');
  for (const until = Date.now() + waitMs; !free(); ) {
    if (Date.now() > until)
      throw new DataDirInUseError(
        `${describeOwner(owner)} was asked to stop but still holds ${dataDir} after ${waitMs / 1000} s: stop it (kill ${owner.pid}), then run this again.`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { owner, cwd };
}
