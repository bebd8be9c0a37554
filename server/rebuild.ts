import { spawn } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Store } from './store/store';

/** What a build produced: the folder to serve, or why it failed (the end of its log). */
export type BuildOutcome = { ok: true; folder: string; log: string } | { ok: false; log: string };

/** Builds the site into `folder`; never throws. */
export type BuildFunction = (folder: string) => Promise<BuildOutcome>;

export type TriggerResult = 'started' | 'queued' | 'already-queued';

/** The last `maxLines` lines of a log, capped in size. */
export function logTail(log: string, maxLines = 40): string {
  return log.split(/\r?\n/).slice(-maxLines).join('\n').slice(-8000);
}

/**
 * The first line of a build log that says what went wrong (the CMS guard's `cms: …` line, a type
 * error, a failed step), or its last line; for the dashboard's "Site builds".
 */
export function firstErrorLine(log: string): string {
  const lines = log
    // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes in the build's output
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '' && !/^>\s/.test(l));
  const found = lines.find((l) => /\b(error|failed|cannot|stopped)\b/i.test(l)) ?? lines.at(-1) ?? '';
  return found.slice(0, 300);
}

/** The timed steps a build log reports (the CMS pull, next build's compile, type check, pages), for the server's log. */
export function buildSteps(log: string): string[] {
  return (
    log
      // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes in the build's output
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split(/\r?\n/)
      .map((l) => l.replace(/^[\s✓○]+/, '').trim())
      .filter((l) => /\bin \d+(\.\d+)? ?m?s\b/.test(l))
  );
}

/**
 * One build at a time. A trigger while a build runs queues exactly one more build, however many
 * triggers arrive: that build starts after the running one and sees every change made before it
 * starts. A build that fails leaves the current site in place and records the end of its log.
 */
export class RebuildCoordinator {
  private running: Promise<void> | undefined;
  private queuedReasons: string[] = [];
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly deps: {
      store: Pick<Store, 'startBuild' | 'finishBuild'>;
      build: BuildFunction;
      /** A fresh folder name for a build. */
      nextFolder: () => string;
      /** Called with a successful build's folder: it becomes the site. */
      activate: (folder: string) => Promise<void>;
      log?: (line: string) => void;
    },
  ) {}

  /** Asks for a build. */
  trigger(reason: string): TriggerResult {
    if (!this.running) {
      this.running = this.loop(reason);
      return 'started';
    }
    const already = this.queuedReasons.length > 0;
    this.queuedReasons.push(reason);
    return already ? 'already-queued' : 'queued';
  }

  get busy(): boolean {
    return this.running !== undefined;
  }

  /** Resolves when no build is running or queued. */
  idle(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async loop(first: string): Promise<void> {
    let reason: string | undefined = first;
    while (reason !== undefined) {
      await this.runOne(reason);
      const queued = this.queuedReasons;
      this.queuedReasons = [];
      reason = queued.length > 0 ? [...new Set(queued)].join('; ').slice(0, 500) : undefined;
    }
    this.running = undefined;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  private async runOne(reason: string): Promise<void> {
    const log = this.deps.log ?? ((line: string) => console.log(line));
    let id: number | undefined;
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    try {
      id = await this.deps.store.startBuild(reason);
      log(`rebuild #${id}: started (${reason})`);
      const outcome = await this.deps.build(this.deps.nextFolder());
      if (outcome.ok) {
        await this.deps.activate(outcome.folder);
        await this.deps.store.finishBuild(id, 'succeeded', outcome.folder, logTail(outcome.log), {
          durationMs: took(),
        });
        log(`rebuild #${id}: the new site is live (${(took() / 1000).toFixed(1)} s)`);
        const steps = buildSteps(outcome.log);
        if (steps.length > 0) log(`rebuild #${id}: steps: ${steps.join(' · ')}`);
      } else {
        const firstError = firstErrorLine(outcome.log);
        await this.deps.store.finishBuild(id, 'failed', null, logTail(outcome.log), { durationMs: took(), firstError });
        log(`rebuild #${id}: failed; the current site stays: ${firstError}`);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`rebuild${id ? ` #${id}` : ''}: failed: ${message}`);
      if (id !== undefined)
        await this.deps.store
          .finishBuild(id, 'failed', null, logTail(message), {
            durationMs: took(),
            firstError: firstErrorLine(message),
          })
          .catch(() => undefined);
    }
  }
}

/**
 * The folders the site is served from when the rebuild webhook is on: `<buildsDir>/<id>/` holds a
 * complete export, and `<buildsDir>/current` names the live one. The server never serves ./out
 * directly then, because `next build` empties ./out while it runs.
 */
export class SiteFolders {
  private live: string | undefined;

  constructor(
    readonly buildsDir: string,
    private readonly keep = 3,
  ) {}

  /** The folder being served. */
  current(): string {
    if (!this.live) throw new Error('SiteFolders.init() has not run');
    return this.live;
  }

  /** A new, unused folder name. */
  nextFolder(): string {
    const stamp = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');
    let folder = path.join(this.buildsDir, stamp);
    for (let n = 2; existsSync(folder); n++) folder = path.join(this.buildsDir, `${stamp}-${n}`);
    return folder;
  }

  /** Picks up the live folder of the last run, or copies `outDir` into a first one. */
  async init(outDir: string): Promise<string> {
    await mkdir(this.buildsDir, { recursive: true });
    const pointer = path.join(this.buildsDir, 'current');
    const named = existsSync(pointer) ? (await readFile(pointer, 'utf8')).trim() : '';
    const candidate = named ? path.join(this.buildsDir, path.basename(named)) : '';
    if (candidate && existsSync(path.join(candidate, '404.html'))) {
      this.live = candidate;
      return candidate;
    }
    const folder = this.nextFolder();
    await cp(outDir, folder, { recursive: true });
    await this.activate(folder);
    return folder;
  }

  /** Makes `folder` the live site (one assignment, then the pointer file), and prunes old builds. */
  async activate(folder: string): Promise<void> {
    this.live = path.resolve(folder);
    const pointer = path.join(this.buildsDir, 'current');
    await writeFile(`${pointer}.tmp`, path.basename(folder));
    await rename(`${pointer}.tmp`, pointer);
    const folders = (await readdir(this.buildsDir, { withFileTypes: true }))
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    // Older folders may still be answering requests that started before the swap: keep a few.
    const stale = folders.filter((name) => name !== path.basename(folder)).slice(0, -(this.keep - 1) || undefined);
    for (const name of stale) await rm(path.join(this.buildsDir, name), { recursive: true, force: true });
  }
}

/**
 * The real build: `npm run build` (which writes ./out and runs the post-build steps), then a copy
 * of ./out into the new folder. Output is kept for the build record.
 */
export function npmBuild(opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): BuildFunction {
  return (folder) =>
    new Promise((resolve) => {
      const cwd = opts.cwd ?? process.cwd();
      let log = '';
      const child = spawn('npm', ['run', 'build'], {
        cwd,
        env: { ...(opts.env ?? process.env), NEXT_TELEMETRY_DISABLED: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const append = (chunk: Buffer) => {
        log = (log + chunk.toString('utf8')).slice(-64_000);
      };
      child.stdout.on('data', append);
      child.stderr.on('data', append);
      const timer = setTimeout(() => {
        log += `\nThe build took longer than ${Math.round((opts.timeoutMs ?? 900_000) / 1000)} s and was stopped.`;
        child.kill('SIGTERM');
      }, opts.timeoutMs ?? 900_000);
      child.on('error', (error) => {
        clearTimeout(timer);
        resolve({ ok: false, log: `${log}\n${error.message}` });
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        if (code !== 0) {
          resolve({ ok: false, log: `${log}\nnpm run build exited with ${code ?? 'a signal'}` });
          return;
        }
        const out = path.join(cwd, 'out');
        cp(out, folder, { recursive: true }).then(
          () => resolve({ ok: true, folder, log }),
          (error: Error) => resolve({ ok: false, log: `${log}\ncopying out/ failed: ${error.message}` }),
        );
      });
    });
}
