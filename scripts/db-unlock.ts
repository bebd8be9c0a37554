/**
 * `npm run db:unlock`: says who holds the embedded database (DATA_DIR) and whether it may be taken.
 * It never takes a live server's folder: a held OS lock means a running (maybe paused) process,
 * and only stopping it frees the folder. When the last holder ran on a machine this one cannot
 * check, `npm run db:unlock -- --release` clears its lock once the operator knows it is stopped.
 */
import '@/lib/load-env';
import { closeSync, existsSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { EnvError, getEnv } from '@/lib/env';
import { bootId, describeOwner, lockName, provablyDead, readOwner, tryOsLock } from '@/server/store/lock';

/** What /proc says of a process of this machine: 'stopped' for a paused one. */
function processState(pid: number): string | undefined {
  try {
    const state = /^State:\s+(\S)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return state === 'T' || state === 't' ? 'stopped (paused)' : 'running';
  } catch {
    return undefined;
  }
}

function main(): number {
  const env = getEnv();
  if (env.DATABASE_URL) {
    console.log('DATABASE_URL is set: PostgreSQL keeps its own locks, there is nothing to unlock.');
    return 0;
  }
  const dir = existsSync(env.DATA_DIR) ? realpathSync(env.DATA_DIR) : path.resolve(env.DATA_DIR);
  const file = path.join(dir, lockName);
  if (!existsSync(file)) {
    console.log(`${dir} is not locked: the server can start.`);
    return 0;
  }
  const owner = readOwner(file);
  const lock = tryOsLock(file);
  if (!lock) {
    const state = owner && owner.bootId === bootId() ? processState(owner.pid) : undefined;
    console.error(
      `${dir} is held by ${describeOwner(owner)}, which is alive: the kernel keeps its lock until it exits.` +
        (state ? ` It is ${state}.` : '') +
        (owner
          ? ` Stop it (kill ${owner.pid}${state?.startsWith('stopped') ? `, then kill -CONT ${owner.pid}` : ''})`
          : ' Stop it') +
        ' and start again; nothing else may open the folder while it lives.',
    );
    return 1;
  }
  try {
    if (provablyDead(owner)) {
      console.log(
        owner
          ? `The last holder, ${describeOwner(owner)}, is gone (the kernel released its lock): the next start takes the folder over by itself.`
          : `${dir} is not locked: the server can start.`,
      );
      return 0;
    }
    if (!process.argv.includes('--release')) {
      console.error(
        `${dir} was last opened by ${describeOwner(owner)}, on a machine or boot this one cannot check. ` +
          `Make sure that server is stopped, then run: npm run db:unlock -- --release`,
      );
      return 1;
    }
    rmSync(file, { force: true });
    console.log(`Released the lock of ${describeOwner(owner)}: the server can start.`);
    return 0;
  } finally {
    closeSync(lock.fd);
  }
}

try {
  process.exitCode = main();
} catch (error) {
  console.error(error instanceof EnvError || error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
