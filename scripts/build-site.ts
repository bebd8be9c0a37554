/**
 * `npm run build`: the site's build, step by step, each step timed, ending with one line that says
 * where the time went (the server's log and "Site builds" show it for each rebuild):
 *  1. the settings check (scripts/check-env.ts), the content pull and photos (scripts/cms-sync.ts),
 *     the check of the content just pulled (check-env --content);
 *  2. `next build` into out/;
 *  3. the post-build steps (scripts/postbuild.ts: script deferral, host files, sitemap, pre-compression,
 *     the settings record out/site-build.json) beside the Open Graph images (scripts/og-images.tsx),
 *     both in this process: no TypeScript start-up of their own.
 * `--serve-first` (the build of a first `npm start`): without the pre-compression and the Open Graph
 * images, which a first visit does not need; the server serves, then runs `--finish <folder>`, which
 * makes them in the folder served (served uncompressed meanwhile).
 * A content rebuild (BUILD_KIND=content: the bundled server's rebuilds after an editor's save and the
 * daily one) only generates the pages again (`next build --experimental-build-mode generate`: no
 * compile, no type check) when .next holds this code compiled with these settings; the code was
 * checked when it was built. Its pull runs in this process (scripts/content-pull.ts: no start-up of
 * its own), and one check of the settings and the content runs beside the pages. Any other build
 * (by hand, the first start, a new release, new settings) is the full `next build`. `--pull-only`:
 * the checks and the pull, then stops (a test of what a public build refuses).
 * The server keeps one content rebuild started ahead (scripts/build-standby.ts, which calls `main`
 * once told to go), with Next.js's page generation loaded and waiting beside it.
 * It runs under tsx's CommonJS loader only (package.json, `buildScript` in server/site/build.ts), which
 * starts about 0.25 s sooner than tsx's ESM loader: the build and its scripts load TypeScript with
 * `require`, never `import()`, which would need that loader.
 */
import '@/lib/load-env';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { contentRebuild, getEnv } from '@/lib/env';
import { settingsFingerprint } from '@/lib/site-build';
import { tsxCommand } from '@/server/site/build';
import { waitingStill } from '@/server/site/build-standby';
import { codeBuildId } from '../next.config.mjs';
import { precompress } from './precompress';

/** What the compiled code in .next was built from, written after each full `next build`. */
const COMPILED_RECORD = path.join('.next', 'cache', 'site-compiled.json');

const bin = (name: string) => path.join('node_modules', '.bin', name);
type Command = [string, string[]];

/**
 * The children running now, stopped with this build: when it is stopped (a save replacing it), and
 * when a step fails while another runs beside it.
 */
const running = new Set<ReturnType<typeof spawn>>();
function stopChildren(signal: NodeJS.Signals = 'SIGTERM'): void {
  for (const child of running) child.kill(signal);
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    stopChildren(signal);
    process.exit(1);
  });
}

function run([command, args]: Command): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    running.add(child);
    child.on('exit', (code) => {
      running.delete(child);
      resolve(code ?? 1);
    });
    child.on('error', (error) => {
      running.delete(child);
      console.error(`build: ${command} could not start: ${error.message}`);
      resolve(1);
    });
  });
}

/** The compiled code's record for the code and settings now. */
const compiledKey = () => JSON.stringify({ code: codeBuildId(), settings: settingsFingerprint(getEnv()) });

/**
 * Whether .next holds this code compiled with these settings, so the pages alone can be generated;
 * false when the settings cannot be read (the settings check says why).
 */
function compiledFits(): boolean {
  try {
    return (
      existsSync(path.join('.next', 'BUILD_ID')) &&
      existsSync(COMPILED_RECORD) &&
      readFileSync(COMPILED_RECORD, 'utf8') === compiledKey()
    );
  } catch {
    return false;
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Work in this process as a step's command: its exit code to come, its line or its error printed. */
function inProcess(name: string, work: () => Promise<string>): Promise<number> {
  return work().then(
    (done) => {
      console.log(`${name}: ${done}`);
      return 0;
    },
    (error: unknown) => {
      console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    },
  );
}

/**
 * The post-build steps (scripts/postbuild.ts) and the Open Graph images. A build starts loading
 * them at once (`loadLater`), so that they are ready when the pages are: loading them takes about
 * 0.3 s, which would otherwise come after the pages.
 */
const postBuildModule = loadLater(() => require('./postbuild') as typeof import('./postbuild'));
const ogImagesModule = loadLater(() => require('./og-images') as typeof import('./og-images'));
const postBuildStep = (compress: boolean) =>
  inProcess('postbuild', async () => (await postBuildModule()).postBuild('out', compress));
const ogImagesStep = (folder: string, live: boolean) =>
  inProcess('og-images', async () => (await ogImagesModule()).writeOgImages(folder, live));

/**
 * A module's loading, begun once this process next waits (after the first call) and shared by the
 * later calls. A failure to load is left to the step that awaits it, which says it (not an
 * unhandled rejection meanwhile).
 */
function loadLater<T>(load: () => T): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    if (!loading) {
      loading = new Promise<void>((resolve) => setImmediate(resolve)).then(load);
      loading.catch(() => undefined);
    }
    return loading;
  };
}

/**
 * The check of the settings (and, `afterPull`, of the content just pulled), in this process: no
 * TypeScript start-up of its own (about 0.4 s of a core). It reads the content through lib/cms, a
 * `server-only` module that loads only under the `react-server` condition, as in the pages: which is
 * why this script runs with `--conditions=react-server` (`npm run build`, `buildScript` in
 * server/site/build.ts).
 */
async function checkHere(afterPull: boolean): Promise<number> {
  try {
    return await (require('./check-env') as typeof import('./check-env')).checkBuildSettings(afterPull);
  } catch (error) {
    console.error(
      `${afterPull ? 'content' : 'settings'} check: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
}

/** The steps a first start deferred, on the folder being served (`--finish <folder>`). */
async function finish(folder: string): Promise<void> {
  const started = performance.now();
  const [compressed, og] = await Promise.all([
    precompress(folder, true).catch((error: Error) => `pre-compression failed: ${error.message}`),
    ogImagesStep(folder, true),
  ]);
  console.log(
    `build: the deferred steps in ${seconds(performance.now() - started)}: ${compressed}; OG images ${og === 0 ? 'written' : 'failed'}`,
  );
  if (og !== 0 || !compressed.includes('pre-compressed')) process.exit(1);
}

/**
 * The pages of a content rebuild: `next build --experimental-build-mode generate`, in the Next.js
 * process started ahead (scripts/next-standby.cjs) when this build has one that is still waiting,
 * else in a new one.
 */
function generatePages(ahead: ChildProcess | undefined): Promise<number> {
  if (!ahead || !waitingStill(ahead)) return run([bin('next'), ['build', '--experimental-build-mode', 'generate']]);
  return new Promise((resolve) => {
    running.add(ahead);
    ahead.on('exit', (code) => {
      running.delete(ahead);
      resolve(code ?? 1);
    });
    // Its death is told by its exit code.
    ahead.stdin?.on('error', () => undefined);
    ahead.stdin?.end(`${JSON.stringify(process.env)}\n`);
  });
}

/** A build started ahead (scripts/build-standby.ts): when it was told to go, and its Next.js process. */
export interface StartedAhead {
  goAt: number;
  next?: ChildProcess;
}

/** The build; `ahead` when it was started ahead and has just been told to go. */
export async function main(ahead?: StartedAhead): Promise<void> {
  const finishing = process.argv.indexOf('--finish');
  if (finishing >= 0) return finish(process.argv[finishing + 1] ?? 'out');
  const serveFirst = process.argv.includes('--serve-first');
  const started = performance.now();
  const times: string[] = [];
  /**
   * Runs the commands (or work in this process: its exit code to come) side by side as one timed
   * step; stops the build when one fails.
   */
  const step = async (name: string, ...commands: Array<Command | Promise<number>>) => {
    const at = performance.now();
    const codes = await Promise.all(commands.map((c) => (c instanceof Promise ? c : run(c))));
    const failed = codes.find((code) => code !== 0);
    if (failed !== undefined) {
      console.error(
        `build: stopped at the ${name} (exit code ${failed}) after ${seconds(performance.now() - started)}`,
      );
      stopChildren();
      process.exit(failed);
    }
    times.push(`${name} ${seconds(performance.now() - at)}`);
  };

  const pullOnly = process.argv.includes('--pull-only');
  /** Whether the pages were generated by the Next.js process started ahead. */
  let nextAhead = false;
  const pagesOnly = contentRebuild() && compiledFits() && !pullOnly;
  if (!pullOnly) void postBuildModule();
  if (!pullOnly && !serveFirst) void ogImagesModule();
  if (pagesOnly) {
    // The settings are those the running code was built and checked with: the check of the content
    // just pulled checks them again (checkHere), beside the pages; a refusal still fails the build.
    const { pullForBuild } = require('./content-pull') as typeof import('./content-pull');
    await step('content pull and photos', pullForBuild(getEnv()));
    nextAhead = ahead?.next !== undefined && waitingStill(ahead.next);
    await step('settings and content check and pages generated', checkHere(true), generatePages(ahead?.next));
  } else {
    await step('settings check', checkHere(false));
    await step('content pull and photos', tsxCommand('scripts/cms-sync.ts'));
    await step('content check', checkHere(true));
    if (pullOnly) return;
    rmSync(COMPILED_RECORD, { force: true });
    await step('next build', [bin('next'), ['build']]);
    mkdirSync(path.dirname(COMPILED_RECORD), { recursive: true });
    writeFileSync(COMPILED_RECORD, compiledKey());
  }
  if (serveFirst) await step('post-build (pre-compression and OG images deferred)', postBuildStep(false));
  else await step('post-build and OG images', postBuildStep(true), ogImagesStep('out', false));
  const kind = pagesOnly ? 'content rebuild (pages only: no compile, no type check)' : 'full build';
  // `started` is the time since this process began (Node, tsx's loader and the build's modules), or
  // since its go when it was started ahead.
  const start = ahead
    ? `started ahead${nextAhead ? ' with Next.js loaded' : ''}, told to go ${seconds(started - ahead.goAt)} before`
    : `its process started ${seconds(started)} before`;
  console.log(`build: ${kind} in ${seconds(performance.now() - started)} (${start}): ${times.join(' · ')}`);
}

if (require.main === module) void main();
