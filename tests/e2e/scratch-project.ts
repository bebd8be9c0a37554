import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyBuildCache } from '@/server/site/releases';

/**
 * A copy of this project in a temporary folder, for tests that act as the studio's owner: write a
 * `.env`, run `npm start`, and see what the settings do, without touching the project's own files
 * or its out/. The committed files are copied; node_modules is hard-linked (a symbolic link would
 * not do: the Next.js build refuses packages outside the project's folder), or copied where the
 * temporary folder is on another disk. The checkout's build cache (`.next/cache`, there after the
 * test run's build) is copied too, as an update copies the running release's: the copy is a site
 * that has built before, and its builds take a third of the time. The first build from nothing is
 * the service unit's test (tests/unit/ops/unit-sandbox.test.ts).
 */
export function scratchProject(): { dir: string; remove: () => void } {
  const root = process.cwd();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-owner-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    try {
      cpSync(path.join(root, file), path.join(dir, file));
    } catch {
      // a file deleted but not yet committed
    }
  }
  try {
    execFileSync('cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')]);
  } catch {
    cpSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), { recursive: true });
  }
  copyBuildCache(root, dir);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Writes `.env` in `dir` as an owner would: one NAME=value a line. */
export function writeDotEnv(dir: string, settings: Readonly<Record<string, string>>): void {
  writeFileSync(
    path.join(dir, '.env'),
    `${Object.entries(settings)
      .map(([name, value]) => `${name}=${value}`)
      .join('\n')}\n`,
  );
}

export interface Started {
  readonly output: () => string;
  stop(): Promise<void>;
}

/**
 * Runs `command` in `dir` with the environment of a fresh shell (none of the test runner's
 * settings: what the owner would have), until `ready` appears in its output.
 */
export function startIn(
  dir: string,
  command: readonly string[],
  ready: RegExp,
  timeoutMs: number,
  env: Readonly<Record<string, string>> = {},
): Promise<Started> {
  const clean: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', ...env };
  const [file = 'npm', ...args] = command;
  const child: ChildProcess = spawn(file, args, { cwd: dir, env: clean, detached: true, stdio: 'pipe' });
  let output = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    try {
      process.kill(-(child.pid ?? 0), 'SIGTERM');
    } catch {
      return;
    }
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${command.join(' ')} was not ready after ${timeoutMs} ms:\n${output.slice(-4000)}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve({ output: () => output, stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${command.join(' ')} exited with ${code}:\n${output.slice(-4000)}`));
    });
  });
}
