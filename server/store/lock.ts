import { randomBytes } from 'node:crypto';
import {
  closeSync,
  openSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Thrown when another live process holds the embedded database. */
export class DataDirInUseError extends Error {}

export interface LockTiming {
  /** How often the holder refreshes the lock file's modification time. */
  heartbeatMs: number;
  /** A lock not refreshed for this long belongs to a process that is gone. */
  staleMs: number;
}

const defaultTiming: LockTiming = { heartbeatMs: 2000, staleMs: 15_000 };

interface Owner {
  token: string;
  pid: number;
  host: string;
  /** The PID namespace of the owner: a pid means something only inside its own namespace. */
  pidNs: string;
}

const lockName = 'studio-server.lock';
const heldHere = new Set<string>();

function pidNamespace(): string {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return 'unknown';
  }
}

function readOwner(file: string): Owner | undefined {
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<Owner>;
    return typeof value.token === 'string' ? (value as Owner) : undefined;
  } catch {
    return undefined;
  }
}

function mtimeOf(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Whether `owner` is provably gone: same host and PID namespace, and no such process. */
function provablyDead(owner: Owner, me: Owner): boolean {
  if (owner.host !== me.host || owner.pidNs !== me.pidNs || owner.pidNs === 'unknown') return false;
  if (owner.pid === process.pid) return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function inUse(dataDir: string, owner: Owner | undefined): DataDirInUseError {
  const who = owner ? `process ${owner.pid} on ${owner.host}` : 'another process';
  return new DataDirInUseError(
    `The embedded database in ${dataDir} is in use by ${who} (its lock ${path.join(dataDir, lockName)} is kept fresh). ` +
      'Stop that server first: the embedded database allows one server at a time, also across containers sharing the folder (use DATABASE_URL for several).',
  );
}

/** Creates the lock file if no one has it; false when it exists. */
function create(file: string, me: Owner): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(me));
  } finally {
    closeSync(fd);
  }
  return true;
}

export interface HeldLock {
  release(): void;
}

/**
 * A lock that does not trust process ids: the holder refreshes the lock file's modification time
 * every `heartbeatMs`, and a second opener refuses as long as the file stays fresh, whatever PID
 * namespace, container or bind mount it comes through. A lock left by a crash is taken over once
 * it has not been refreshed for `staleMs` (at once when its owner is provably dead: same host and
 * PID namespace, no such process). The holder checks its token on every beat and stops the
 * process if the lock was ever taken from it, rather than write beside another server.
 */
export async function acquireDataDirLock(dataDir: string, timing: LockTiming = defaultTiming): Promise<HeldLock> {
  const file = path.join(dataDir, lockName);
  if (heldHere.has(file)) throw new DataDirInUseError(`The database in ${dataDir} is already open in this process.`);
  const me: Owner = {
    token: randomBytes(16).toString('hex'),
    pid: process.pid,
    host: os.hostname(),
    pidNs: pidNamespace(),
  };

  if (!create(file, me)) {
    const owner = readOwner(file);
    const firstSeen = mtimeOf(file);
    if (!owner || !provablyDead(owner, me)) {
      // Watch the heartbeat: a live holder refreshes it within a beat or so; a dead one never does.
      for (;;) {
        const now = mtimeOf(file);
        if (now === undefined) break;
        if (now !== firstSeen || readOwner(file)?.token !== owner?.token) throw inUse(dataDir, owner);
        if (Date.now() - now >= timing.staleMs) break;
        await sleep(Math.min(250, timing.heartbeatMs / 4));
      }
    }
    // Take the stale lock over: move it aside, and put it back if what moved was not the stale one.
    const aside = `${file}.${me.token}`;
    try {
      renameSync(file, aside);
      const moved = readOwner(aside);
      if (moved?.token !== owner?.token) {
        renameSync(aside, file);
        throw inUse(dataDir, moved);
      }
      rmSync(aside, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (!create(file, me)) throw inUse(dataDir, readOwner(file));
  }
  heldHere.add(file);

  const beat = setInterval(() => {
    const owner = readOwner(file);
    if (owner?.token !== me.token) {
      console.error(`The lock of the embedded database in ${dataDir} was taken by another process; stopping now.`);
      process.exit(70);
    }
    const t = new Date();
    try {
      utimesSync(file, t, t);
    } catch (error) {
      console.error(`Could not refresh the lock of ${dataDir}: ${(error as Error).message}`);
    }
  }, timing.heartbeatMs);
  beat.unref();

  return {
    release() {
      clearInterval(beat);
      heldHere.delete(file);
      if (readOwner(file)?.token === me.token) rmSync(file, { force: true });
    },
  };
}
