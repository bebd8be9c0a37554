import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BUILD_SESSIONS_VAR, processEnvironment } from '@/lib/env';
import { OWNER_CONTENT_DIR, OWNER_MEDIA_DIR } from '@/lib/owner/folders';
import type { PublicSession } from '@/lib/sessions/session';
import { parseSiteBuild, SITE_BUILD_FILE } from '@/lib/site-build';

/** What a build produced: the folder to serve, or why it failed (the end of its log). */
export type BuildOutcome = { ok: true; folder: string; log: string } | { ok: false; log: string };

/** Builds the site into `folder`; never throws. `stop` aborted: the build stops (and fails) early. */
export type BuildFunction = (folder: string, stop?: AbortSignal) => Promise<BuildOutcome>;

/** What the pages are made from: the code, and the owner's content and photos. */
const sources = [
  'app',
  'components',
  'content',
  'lib',
  'public',
  'next.config.mjs',
  'package.json',
  'scripts',
  OWNER_CONTENT_DIR,
  OWNER_MEDIA_DIR,
];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/**
 * Why out/ must be built again, or undefined when it is current: it is missing, it was built with
 * other settings than `fingerprint` (lib/site-build.ts settingsFingerprint of the configuration now,
 * `.env` files included), it lists other sessions than the service's now (`sessions`, their
 * sessionsDigest), or a source file is newer than it.
 */
export function buildReason(
  outDir: string,
  fingerprint: string,
  sessions: string,
  cwd = process.cwd(),
): string | undefined {
  const record = path.join(outDir, SITE_BUILD_FILE);
  if (!existsSync(record))
    return existsSync(path.join(outDir, 'index.html')) ? 'out/ has no settings record' : 'out/ is missing';
  const built = parseSiteBuild(readFileSync(record, 'utf8'));
  if (built?.fingerprint !== fingerprint) return 'the settings differ from those out/ was built with';
  if (built.sessionsDigest !== sessions) return 'the sessions and intakes changed since out/ was built';
  const builtAt = statSync(record).mtimeMs;
  return sources.some((s) => newestMtime(path.join(cwd, s)) > builtAt) ? 'a source file is newer than out/' : undefined;
}

/** Runs `command`, streaming its output; resolves with the exit code. */
function runStreamed(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...env, NEXT_TELEMETRY_DISABLED: '1' } });
    child.on('exit', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
}

/**
 * Runs `npm run build`; resolves with the exit code. `serveFirst`: without what a first visit does
 * not need (scripts/build-site.ts --serve-first), made by `runDeferredSteps` once the site is served.
 */
export function runBuild(env: NodeJS.ProcessEnv = processEnvironment(), serveFirst = false): Promise<number> {
  return runStreamed('npm', ['run', 'build', ...(serveFirst ? ['--', '--serve-first'] : [])], env);
}

/**
 * A TypeScript script as a command: Node with tsx's loader (the service's own), not tsx's command,
 * which starts a second Node process (0.15–0.3 s). `nodeFlags` go to Node, `args` to the script.
 */
export function tsxCommand(script: string, args: string[] = [], nodeFlags: string[] = []): [string, string[]] {
  const tsxLoader = pathToFileURL(require.resolve('tsx')).href;
  return [process.execPath, [...nodeFlags, '--import', tsxLoader, script, ...args]];
}

/**
 * The site's build script (what `npm run build` runs) as a command started without npm, in the
 * project folder `cwd`: `[command, args]`. As package.json runs it: Node with tsx's CommonJS loader
 * only (the build loads its modules with require; tsx's ESM loader starts a thread of its own, about
 * 0.25 s of every build's start), and the react-server condition (a content rebuild checks the
 * content in the build's own process, through server-only modules).
 */
export function buildScript(cwd: string, ...args: string[]): [string, string[]] {
  return siteScript(path.join(cwd, 'scripts', 'build-site.ts'), args);
}

/** A content rebuild started ahead (scripts/build-standby.ts), started as `buildScript` starts the build. */
export function standbyScript(cwd: string): [string, string[]] {
  return siteScript(path.join(cwd, 'scripts', 'build-standby.ts'), []);
}

const siteScript = (script: string, args: string[]): [string, string[]] => [
  process.execPath,
  ['--require', require.resolve('tsx/cjs'), '--conditions=react-server', script, ...args],
];

/** The pre-compression and Open Graph images a `serveFirst` build left out, made in `folder` (the one served). */
export function runDeferredSteps(folder: string, env: NodeJS.ProcessEnv = processEnvironment()): Promise<number> {
  return runStreamed(...buildScript('', '--finish', folder), env);
}

/**
 * Runs `build` with the service's sessions handed to it (lib/sessions/at-build.ts): a file of the
 * public read's answer, named by the variable `build` adds to its environment; removed afterwards.
 */
export async function withSessionsFile<T>(
  sessions: readonly PublicSession[],
  build: (env: Readonly<Record<string, string>>) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'studio-build-sessions-'));
  const file = path.join(dir, 'sessions.json');
  try {
    await writeFile(file, JSON.stringify({ sessions }));
    return await build({ [BUILD_SESSIONS_VAR]: file });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A build function that is given the service's sessions as they are when each build starts. */
export function givenSessions(
  sessions: () => Promise<readonly PublicSession[]>,
  build: (env: Readonly<Record<string, string>>) => BuildFunction,
): BuildFunction {
  return async (folder, stop) => withSessionsFile(await sessions(), (given) => build(given)(folder, stop));
}
