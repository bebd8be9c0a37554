import { type ChildProcess, type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { standbyScript } from './build';

/**
 * One content rebuild kept started and waiting (scripts/build-standby.ts, with Next.js's page
 * generation started beside it), so that an editor's save does not wait for a build's processes
 * to start and load their modules: about 0.9 s of a core on a small server. It costs about 140 MB
 * of memory while it waits. It reads no settings until it is told to go, with the environment the
 * build is to have, so it builds exactly as one started at that moment would.
 */
export interface BuildStandby {
  /**
   * The build waiting, told to go with `env`; undefined when none waits (or the one waiting has
   * died), and a build must be started as usual.
   */
  take(env: NodeJS.ProcessEnv): ChildProcessWithoutNullStreams | undefined;
  /** Starts one to wait for the next build, unless one waits already. */
  prepare(): void;
  /** Stops the one waiting (the server is stopping). */
  close(): void;
}

/** Whether a process started ahead still waits for its go (its input open, not exited). */
export const waitingStill = (child: ChildProcess) =>
  Boolean(child.stdin?.writable) && child.exitCode === null && child.signalCode === null;

/** A standby for the builds in the project folder `cwd`, each started with `env()`'s environment. */
export function buildStandby(cwd: string, env: () => NodeJS.ProcessEnv): BuildStandby {
  let waiting: ChildProcessWithoutNullStreams | undefined;
  return {
    take(goEnv) {
      const child = waiting;
      waiting = undefined;
      if (!child) return undefined;
      if (!waitingStill(child)) {
        child.kill();
        return undefined;
      }
      child.stdin.end(`${JSON.stringify(goEnv)}\n`);
      return child;
    },
    prepare() {
      if (waiting && waitingStill(waiting)) return;
      const [command, args] = standbyScript(cwd);
      const child = spawn(command, args, { cwd, env: env(), stdio: 'pipe' });
      // One that cannot start, or dies while it waits, is found out by `take`.
      child.on('error', () => undefined);
      child.stdin.on('error', () => undefined);
      waiting = child;
    },
    close() {
      waiting?.kill();
      waiting = undefined;
    },
  };
}
