/**
 * `npm run db:unlock`: says who holds the embedded database (DATA_DIR) and whether it may be taken.
 * It never takes a live server's folder: a held OS lock means a running (maybe paused) process,
 * and only stopping it frees the folder. When the last holder ran on a machine this one cannot
 * check, `npm run db:unlock -- --release` clears its lock once the operator knows it is stopped.
 * What it found (and released) is a line in the owner's log too (scripts/command-log.ts).
 */
import '@/lib/load-env';
import { closeSync, existsSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { getEnv } from '@/lib/env';
import { bootId, describeOwner, lockName, provablyDead, readOwner, tryOsLock } from '@/server/store/lock';
import { commandArguments, runCommand } from './command-log';

/** What /proc says of a process of this machine: 'stopped' for a paused one. */
function processState(pid: number): string | undefined {
  try {
    const state = /^State:\s+(\S)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return state === 'T' || state === 't' ? 'stopped (paused)' : 'running';
  } catch {
    return undefined;
  }
}

/** Prints what was found and resolves with it (for the log). */
function said(text: string): string {
  console.log(text);
  return text;
}

async function main(): Promise<string> {
  const usage = 'Usage: npm run db:unlock [-- --release]';
  const { flags } = commandArguments(process.argv.slice(2), { flags: ['--release'], most: 0, usage });
  const env = getEnv();
  if (env.DATABASE_URL) return said('DATABASE_URL is set: PostgreSQL keeps its own locks, there is nothing to unlock.');
  const dir = existsSync(env.DATA_DIR) ? realpathSync(env.DATA_DIR) : path.resolve(env.DATA_DIR);
  const file = path.join(dir, lockName);
  if (!existsSync(file)) return said(`${dir} is not locked: the server can start.`);
  const owner = readOwner(file);
  const lock = tryOsLock(file);
  if (!lock) {
    const state = owner && owner.bootId === bootId() ? processState(owner.pid) : undefined;
    throw new Error(
      `${dir} is held by ${describeOwner(owner)}, which is alive: the kernel keeps its lock until it exits.` +
        (state ? ` It is ${state}.` : '') +
        (owner
          ? ` Stop it (kill ${owner.pid}${state?.startsWith('stopped') ? `, then kill -CONT ${owner.pid}` : ''})`
          : ' Stop it') +
        ' and start again; nothing else may open the folder while it lives.',
    );
  }
  try {
    if (provablyDead(owner))
      return said(
        owner
          ? `The last holder, ${describeOwner(owner)}, is gone (the kernel released its lock): the next start takes the folder over by itself.`
          : `${dir} is not locked: the server can start.`,
      );
    if (!flags.has('--release'))
      throw new Error(
        `${dir} was last opened by ${describeOwner(owner)}, on a machine or boot this one cannot check. ` +
          `Make sure that server is stopped, then run: npm run db:unlock -- --release`,
      );
    rmSync(file, { force: true });
    return said(`Released the lock of ${describeOwner(owner)}: the server can start.`);
  } finally {
    closeSync(lock.fd);
  }
}

runCommand('db:unlock', main);
