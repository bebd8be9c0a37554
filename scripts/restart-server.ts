/**
 * A server that a command (`npm run db:restore`) stops and then starts again as it was: its command
 * line, environment and folder read from /proc before it stops, so that it comes back with what the
 * owner started it with (`PORT=4301 npm start` serves on 4301 again). A server systemd runs is
 * started again by systemd (Restart=always), never by the command.
 */
import { spawn } from 'node:child_process';
import { closeSync, readFileSync, readlinkSync } from 'node:fs';
import { openPrivate, privateFolder } from '@/server/platform/private-files';
import path from 'node:path';
import { isSiteServer } from '@/server/site/releases';
import { supervised, until } from './update-processes';

/** How a running server was started. */
export interface Launch {
  readonly pid: number;
  readonly argv: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  /** Whether systemd runs it (and so starts it again itself). */
  readonly bySystemd: boolean;
}

/**
 * Set by node for a child it talks to over a channel (tsx's command starts the server so): the
 * process started again has no such channel, and node would fail to open it.
 */
const channelVariables = ['NODE_CHANNEL_FD', 'NODE_CHANNEL_SERIALIZATION_MODE'];

/**
 * The environment in a /proc/<pid>/environ file's text (NAME=value entries, each ended by a NUL),
 * as the process was started, but for its channel to a parent.
 */
function environmentOf(text: string): NodeJS.ProcessEnv {
  const entries = text
    .split('\0')
    .filter((entry) => entry.indexOf('=') > 0 && !channelVariables.includes(entry.slice(0, entry.indexOf('='))))
    .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]);
  // NODE_ENV is there when the process had it, as any other variable.
  return Object.fromEntries(entries) as NodeJS.ProcessEnv;
}

/** How process `pid` was started, when it is a server of the site in `project` (isSiteServer); else undefined. */
export function launchOf(pid: number, project: string, proc = '/proc'): Launch | undefined {
  if (!isSiteServer(pid, project, proc)) return undefined;
  try {
    const argv = readFileSync(path.join(proc, String(pid), 'cmdline'), 'utf8')
      .split('\0')
      .slice(0, -1);
    const env = environmentOf(readFileSync(path.join(proc, String(pid), 'environ'), 'utf8'));
    const cwd = readlinkSync(path.join(proc, String(pid), 'cwd'));
    return argv.length > 0 ? { pid, argv, env, cwd, bySystemd: supervised(pid) } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts the server again as `launch` says, in the background, its output in `output`. Resolves with
 * its process id once it says the site is ready, `starting` while it is still starting (a build of
 * the pages) after `waitMs`, or undefined when it stopped.
 */
export async function startAgain(
  launch: Launch,
  output: string,
  waitMs = 60_000,
): Promise<{ pid: number; ready: boolean } | undefined> {
  privateFolder(path.dirname(output));
  const out = openPrivate(output, 'w');
  const [command = '', ...args] = launch.argv;
  const child = spawn(command, args, { cwd: launch.cwd, env: launch.env, stdio: ['ignore', out, out], detached: true });
  child.on('error', () => undefined);
  child.unref();
  closeSync(out);
  const pid = child.pid;
  if (pid === undefined) return undefined;
  const ready = await until(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    return readFileSync(output, 'utf8').includes('Site ready') ? true : undefined;
  }, waitMs);
  if (ready === false) return undefined;
  return { pid, ready: ready === true };
}
