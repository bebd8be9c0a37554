import { spawn } from 'node:child_process';
import { cp, link, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { BUILD_KIND_VAR, processEnvironment } from '@/lib/env';
import { type BuildFunction, buildScript } from './build';
import type { BuildStandby } from './build-standby';
import type { Db } from '../store/db';
import type { Store } from '../store/store';
import { int, text } from '../store/rows';

/**
 * What became of a request for a build: started here; queued behind the running build (the first
 * request waiting, or one more); or it replaced the running daily or start-up build (`stopped`, that
 * build's reason), which stops within a second on whichever instance runs it.
 */
export type Triggered = { status: 'started' | 'queued' | 'already-queued' } | { status: 'replaced'; stopped: string };

/** The last `maxLines` lines of a log, capped in size. */
export function logTail(log: string, maxLines = 40): string {
  return log.split(/\r?\n/).slice(-maxLines).join('\n').slice(-8000);
}

/** A log's lines without colour codes, trimmed, without npm's `> script` echoes and blank lines. */
function plainLines(log: string): string[] {
  return (
    log
      // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes in the build's output
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter((l) => l !== '' && !/^>\s/.test(l))
  );
}

/**
 * The first line of a build log that says what went wrong (the CMS guard's `cms: …` line, the
 * launch check's refusal, a type error, a failed step), or its last line; for "Site builds". Items
 * left out (editorNotes) are not why a build failed.
 */
export function firstErrorLine(log: string): string {
  const lines = plainLines(log).filter((l) => !isNote(l));
  const found =
    lines.find((l) => /\b(error|failed|cannot|stopped)\b/i.test(l) || l.startsWith('Not ready to launch')) ??
    lines.at(-1) ??
    '';
  return found.slice(0, 300);
}

/** A line of the WordPress pull about one item or image it left out. */
const isNote = (line: string) => /^(cms: )?(Left out|Error fetching images):/.test(line);

/**
 * What an editor must read about a build, in the build's own words: each item the WordPress pull
 * left out of the pages and each image it could not copy (`Left out:`, `Error fetching images:`),
 * and, for a build refused by the launch check, each line of its list.
 */
export function editorNotes(log: string): string[] {
  const lines = plainLines(log);
  const notes = lines.filter(isNote).map((l) => l.replace(/^cms: /, ''));
  const refused = lines.findIndex((l) => l.startsWith('Not ready to launch'));
  if (refused >= 0) {
    for (const l of lines.slice(refused + 1)) {
      if (!l.startsWith('- ')) break;
      notes.push(l.slice(2));
    }
  }
  return [...new Set(notes)].slice(0, 20);
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

/** The next build to run: its record's id and why it runs. */
export interface ClaimedBuild {
  id: number;
  reason: string;
}

/**
 * Where the requests for builds wait and which build runs: in this process (one instance), or in
 * the database for every instance that shares it (`sqlBuildLedger`).
 */
export interface BuildLedger {
  /** Adds a reason to the waiting ones; true when some were waiting already. */
  enqueue(reason: string): Promise<boolean>;
  /** When reasons wait and no build runs anywhere: records a running build with them and returns it. */
  claim(): Promise<ClaimedBuild | undefined>;
  /** Keeps a running build's claim alive (its instance is still building). */
  renew(id: number): Promise<void>;
  /** The reasons waiting for the next build, if any (one cheap read: a running build watches it). */
  waiting(): Promise<string | undefined>;
  /** The build running on another instance, if any (this instance knows its own). */
  runningElsewhere(): Promise<ClaimedBuild | undefined>;
  /** The folder of the last successful build (on any instance), if known. */
  latestFolder(): Promise<string | undefined>;
}

/** Joins reasons, each once, into one line. */
const joinReasons = (reasons: readonly string[]) => [...new Set(reasons)].join('; ').slice(0, 500);

/** The ledger of one instance: reasons in memory, records through the store. */
function localLedger(store: Pick<Store, 'startBuild'>): BuildLedger {
  let waiting: string[] = [];
  let running = false;
  return {
    async enqueue(reason) {
      waiting.push(reason);
      return waiting.length > 1;
    },
    async claim() {
      if (running || waiting.length === 0) return undefined;
      const reason = joinReasons(waiting);
      waiting = [];
      running = true;
      try {
        return { id: await store.startBuild(reason), reason };
      } finally {
        running = false;
      }
    },
    renew: async () => undefined,
    waiting: async () => (waiting.length > 0 ? joinReasons(waiting) : undefined),
    runningElsewhere: async () => undefined,
    latestFolder: async () => undefined,
  };
}

/** How long a running build's claim lasts unless its instance renews it (every third of that). */
const buildLeaseSeconds = 90;
/** How often a running daily or start-up build looks for a save waiting (sent to any instance) to give way to. */
const giveWayCheckMs = 500;

/**
 * The ledger in the database, shared by every instance: waiting reasons are one row of
 * `build_queue`, and a unique index lets one build be 'running' at a time. A claim takes the
 * waiting reasons and records the running build in one transaction, so a request is either taken
 * by a build that starts after it or still waiting for the next claim: a webhook call reaching one
 * instance while another builds queues one more build there, never a second build at once. A
 * running build whose instance died (its lease ran out) is marked failed by the next claim.
 */
export function sqlBuildLedger(db: Db): BuildLedger {
  return {
    async enqueue(reason) {
      const rows = await db.write((tx) =>
        tx.query<{ existed: boolean }>(
          `INSERT INTO build_queue (id, reasons) VALUES (true, $1)
           ON CONFLICT (id) DO UPDATE SET reasons = CASE
             WHEN position(EXCLUDED.reasons IN build_queue.reasons) > 0 THEN build_queue.reasons
             ELSE left(build_queue.reasons || '; ' || EXCLUDED.reasons, 500) END
           RETURNING (xmax <> 0) AS existed`,
          [reason],
        ),
      );
      return Boolean(rows[0]?.existed);
    },
    async claim() {
      const claimed = await db
        .write(async (tx) => {
          await tx.query(
            `UPDATE builds SET status = 'failed', finished_at = now(), log_tail = 'The server running this build stopped.',
               first_error = 'The server running this build stopped.'
             WHERE status = 'running' AND lease_until < now()`,
          );
          const taken = await tx.query<{ reasons: string }>('DELETE FROM build_queue RETURNING reasons');
          const reason = taken[0]?.reasons;
          if (reason === undefined) return undefined;
          const rows = await tx.query<{ id: number }>(
            `INSERT INTO builds (status, reason, lease_until) VALUES ('running', $1, now() + make_interval(secs => $2))
             ON CONFLICT DO NOTHING RETURNING id`,
            [reason, buildLeaseSeconds],
          );
          // Another instance is building: the reasons stay queued for its next claim.
          if (!rows[0]) throw new BuildRunningElsewhere();
          return { id: int(rows[0].id), reason };
        })
        .catch((error: unknown) => {
          if (error instanceof BuildRunningElsewhere) return undefined;
          throw error;
        });
      return claimed;
    },
    async renew(id) {
      await db.write((tx) =>
        tx.query(
          `UPDATE builds SET lease_until = now() + make_interval(secs => $2) WHERE id = $1 AND status = 'running'`,
          [id, buildLeaseSeconds],
        ),
      );
    },
    async waiting() {
      const rows = await db.query<{ reasons: string }>('SELECT reasons FROM build_queue');
      return rows[0]?.reasons;
    },
    async runningElsewhere() {
      const rows = await db.query<{ id: number; reason: string }>(
        "SELECT id, reason FROM builds WHERE status = 'running' AND lease_until >= now()",
      );
      return rows[0] ? { id: int(rows[0].id), reason: text(rows[0].reason) } : undefined;
    },
    async latestFolder() {
      const rows = await db.query<{ folder: string | null }>(
        "SELECT folder FROM builds WHERE status = 'succeeded' ORDER BY id DESC LIMIT 1",
      );
      return rows[0]?.folder ?? undefined;
    },
  };
}

/** Rolls a claim back (its reasons stay queued) when a build runs on another instance. */
class BuildRunningElsewhere extends Error {}

/**
 * One build at a time, across every instance sharing the ledger. A trigger while a build runs
 * queues exactly one more build, however many triggers arrive: that build starts after the running
 * one and sees every change made before it starts. A build that fails leaves the current site in
 * place and records the end of its log.
 */
export class RebuildCoordinator {
  private running: Promise<void> | undefined;
  private idleWaiters: Array<() => void> = [];
  private readonly ledger: BuildLedger;
  /** The last build folder this instance made live. */
  private activated: string | undefined;
  /** The build running here: its reason, and how to stop it when a save replaces it (`by`: that save's reason). */
  private current: { reason: string; stop: AbortController; by?: string } | undefined;

  constructor(
    private readonly deps: {
      store: Pick<Store, 'startBuild' | 'finishBuild'>;
      /** Shared with other instances (sqlBuildLedger); in this process when absent. */
      ledger?: BuildLedger;
      build: BuildFunction;
      /** A fresh folder name for a build. */
      nextFolder: () => string;
      /** Called with a successful build's folder: it becomes the site. */
      activate: (folder: string) => Promise<void>;
      log?: (line: string) => void;
      /** Tells the studio (an e-mail) about a failed build, or one that left items out of the pages. */
      tell?: (message: BuildMessage) => Promise<void>;
      /**
       * Whether a running build with this reason gives way to a request with another reason (the
       * daily rebuild to an editor's save): it is stopped, and the next build, started at once, carries
       * both reasons, so a save never waits for a build that pulled the content before it.
       */
      replaceable?: (reason: string) => boolean;
    },
  ) {
    this.ledger = deps.ledger ?? localLedger(deps.store);
  }

  /** Whether a build with reason `running` gives way to a request with reason `asked` (`deps.replaceable`). */
  private givesWay(running: string, asked: string): boolean {
    const replaceable = this.deps.replaceable ?? (() => false);
    return replaceable(running) && !replaceable(asked);
  }

  /**
   * Asks for a build: started here, or queued behind the one running (here or on another
   * instance), or, when the running build gives way to it, replacing that build: here it stops at
   * once; on another instance, that instance sees the request waiting and stops it within a second.
   */
  async trigger(reason: string): Promise<Triggered> {
    const already = await this.ledger.enqueue(reason);
    let stopped: string | undefined;
    const current = this.current;
    if (current && this.givesWay(current.reason, reason)) {
      await this.giveWay(current, reason);
      stopped = current.reason;
    }
    if (!this.running) {
      // The ledgers let one claim succeed at a time, so no other loop can have started meanwhile.
      const next = await this.ledger.claim();
      if (next) {
        this.running = this.loop(next);
        return { status: 'started' };
      }
      const elsewhere = await this.ledger.runningElsewhere();
      if (elsewhere && this.givesWay(elsewhere.reason, reason)) stopped = elsewhere.reason;
    }
    if (stopped !== undefined) return { status: 'replaced', stopped };
    return { status: already ? 'already-queued' : 'queued' };
  }

  /** Stops the build running here for a request (`by`): its reasons wait again, with that one, for the build after it. */
  private async giveWay(current: NonNullable<typeof this.current>, by: string): Promise<void> {
    if (current.by !== undefined) return;
    current.by = by;
    await this.ledger.enqueue(current.reason);
    current.stop.abort();
  }

  /** Stops the build running here when a request it gives way to waits (sent to this instance or another). */
  private async giveWayToWaiting(): Promise<void> {
    const current = this.current;
    if (!current || current.by !== undefined) return;
    const waiting = await this.ledger.waiting();
    if (waiting !== undefined && this.current === current && this.givesWay(current.reason, waiting)) {
      await this.giveWay(current, waiting);
    }
  }

  get busy(): boolean {
    return this.running !== undefined;
  }

  /**
   * Run now and then by the server: claims a build whose request waited for an instance that died,
   * and, when another instance built the site into the shared builds folder, serves that build.
   */
  async resume(): Promise<void> {
    if (this.running) return;
    const next = await this.ledger.claim();
    if (next) {
      this.running = this.loop(next);
      return;
    }
    const folder = await this.ledger.latestFolder();
    if (folder && folder !== this.activated && existsSync(path.join(folder, '404.html'))) {
      await this.deps.activate(folder);
      this.activated = folder;
    }
  }

  /** Resolves when no build is running or queued. */
  idle(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async loop(first: ClaimedBuild): Promise<void> {
    let next: ClaimedBuild | undefined = first;
    while (next) {
      const claimed: ClaimedBuild = next;
      const renewal = setInterval(
        () => void this.ledger.renew(claimed.id).catch(() => undefined),
        (buildLeaseSeconds * 1000) / 3,
      );
      // A daily or start-up build watches for a save sent to any instance (one read of the queue each half second).
      const watch = this.deps.replaceable?.(claimed.reason)
        ? setInterval(() => void this.giveWayToWaiting().catch(() => undefined), giveWayCheckMs)
        : undefined;
      try {
        await this.runOne(claimed.id, claimed.reason);
      } finally {
        clearInterval(renewal);
        clearInterval(watch);
      }
      next = await this.ledger.claim().catch(() => undefined);
    }
    this.running = undefined;
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  /** Tells the studio about a build, when it is told at all; a failure to send is only logged. */
  private async tell(message: BuildMessage, log: (line: string) => void): Promise<void> {
    await this.deps.tell?.(message).catch((error: unknown) => {
      log(
        `rebuild #${message.id}: could not tell the studio: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
  }

  private async runOne(id: number, reason: string): Promise<void> {
    const log = this.deps.log ?? ((line: string) => console.log(line));
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    const stop = new AbortController();
    const current: NonNullable<typeof this.current> = { reason, stop };
    this.current = current;
    try {
      log(`rebuild #${id}: started (${reason})`);
      const outcome = await this.deps.build(this.deps.nextFolder(), stop.signal);
      const notes = editorNotes(outcome.log);
      const by = current.by;
      if (by !== undefined && stop.signal.aborted) {
        const replaced = `Stopped for a newer request (${by.slice(0, 200)}); the build after it has this one’s reasons too.`;
        await this.deps.store.finishBuild(id, 'replaced', null, logTail(`${outcome.log}\n${replaced}`), {
          durationMs: took(),
          firstError: replaced,
        });
        log(`rebuild #${id}: stopped for a newer request (${(took() / 1000).toFixed(1)} s)`);
      } else if (outcome.ok) {
        await this.deps.activate(outcome.folder);
        this.activated = outcome.folder;
        // A live build's first_error holds what it left out of the pages (Site builds shows them).
        await this.deps.store.finishBuild(id, 'succeeded', outcome.folder, logTail(outcome.log), {
          durationMs: took(),
          firstError: notes.join('\n'),
        });
        log(`rebuild #${id}: the new site is live (${(took() / 1000).toFixed(1)} s)`);
        const steps = buildSteps(outcome.log);
        if (steps.length > 0) log(`rebuild #${id}: steps: ${steps.join(' · ')}`);
        if (notes.length > 0) await this.tell({ id, reason, live: true, firstError: '', notes }, log);
      } else {
        const firstError = firstErrorLine(outcome.log);
        await this.deps.store.finishBuild(id, 'failed', null, logTail(outcome.log), {
          durationMs: took(),
          firstError: [firstError, ...notes].join('\n'),
        });
        log(`rebuild #${id}: failed; the current site stays: ${firstError}`);
        await this.tell({ id, reason, live: false, firstError, notes }, log);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`rebuild #${id}: failed: ${message}`);
      await this.deps.store
        .finishBuild(id, 'failed', null, logTail(message), {
          durationMs: took(),
          firstError: firstErrorLine(message),
        })
        .catch(() => undefined);
    } finally {
      this.current = undefined;
    }
  }
}

/** What the studio is told about a build. */
export interface BuildMessage {
  id: number;
  reason: string;
  /** True when the build went live (with items left out); false when the previous site stayed. */
  live: boolean;
  firstError: string;
  notes: readonly string[];
}

/** The e-mail to the studio about a build, in plain words. */
export function buildMessageText(m: BuildMessage): { subject: string; text: string } {
  const list = m.notes.map((n) => `- ${n}`);
  if (m.live) {
    return {
      subject: `Site build #${m.id} is live, with ${m.notes.length} ${m.notes.length === 1 ? 'item' : 'items'} left out`,
      text: [
        `The site was rebuilt (${m.reason}) and is live, but these were left out of the pages:`,
        '',
        ...list,
        '',
        'Correct them in WordPress and save: the next build puts them back by itself.',
      ].join('\n'),
    };
  }
  return {
    subject: `Site build #${m.id} failed: the site was not updated`,
    text: [
      `The site was not rebuilt (${m.reason}); visitors still see the previous version.`,
      '',
      `Why: ${m.firstError}`,
      ...(list.length > 0 ? ['', ...list] : []),
      '',
      'Correct it (in WordPress, or the setting named above) and save again: the next build goes live by itself.',
      'The dashboard\'s "Site builds" lists every build and the end of its log.',
    ].join('\n'),
  };
}

/** Sends each build message to the studio (NOTIFY_TO) through SMTP_URL's server. */
export function mailBuildMessages(opts: {
  smtpUrl: string;
  to: string;
  from?: string;
}): (m: BuildMessage) => Promise<void> {
  const transport = nodemailer.createTransport(opts.smtpUrl);
  const from = opts.from ?? opts.to.split(',')[0]?.trim() ?? '';
  return async (message) => {
    await transport.sendMail({ from, to: opts.to, ...buildMessageText(message) });
  };
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
    // With its times, so the served build's record says when it was built (the daily rebuild reads it).
    await cp(outDir, folder, { recursive: true, preserveTimestamps: true });
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
 * Puts `from`'s files at `to` as hard links: the same files, no bytes copied. Safe for ./out, whose
 * files are never rewritten in place once built: `next build` empties it before it writes. Where
 * links cannot be made (`to` on another file system), a copy.
 */
export async function linkOrCopy(from: string, to: string): Promise<void> {
  const linkTree = async (a: string, b: string): Promise<void> => {
    await mkdir(b, { recursive: true });
    const entries = await readdir(a, { withFileTypes: true });
    await Promise.all(
      entries.map((e) =>
        e.isDirectory()
          ? linkTree(path.join(a, e.name), path.join(b, e.name))
          : link(path.join(a, e.name), path.join(b, e.name)),
      ),
    );
  };
  try {
    await linkTree(from, to);
  } catch {
    await rm(to, { recursive: true, force: true });
    await cp(from, to, { recursive: true });
  }
}

/**
 * The real build: the site's build (scripts/build-site.ts, what `npm run build` runs, started
 * without npm's own start-up) as a content rebuild, which writes ./out and runs the post-build
 * steps; then ./out is put in the new folder. Output is kept for the build record.
 */
export function contentBuild(
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number; standby?: BuildStandby } = {},
): BuildFunction {
  return (folder, stop) =>
    new Promise((resolve) => {
      // Stopped while it waited to start (for the sessions, for photos being prepared): the abort
      // has been sent already, so a build started now could not be stopped.
      if (stop?.aborted) {
        resolve({ ok: false, log: 'The build was stopped before it started.' });
        return;
      }
      const cwd = opts.cwd ?? process.cwd();
      let log = '';
      // A content rebuild: only the pages are generated again while the compiled code fits (scripts/build-site.ts).
      const env = { ...(opts.env ?? processEnvironment()), NEXT_TELEMETRY_DISABLED: '1', [BUILD_KIND_VAR]: 'content' };
      // The one started ahead when it waits, else a new one; either way one is started to wait for the next.
      const child =
        opts.standby?.take(env) ?? spawn(...buildScript(cwd), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
      const append = (chunk: Buffer) => {
        log = (log + chunk.toString('utf8')).slice(-64_000);
      };
      child.stdout.on('data', append);
      child.stderr.on('data', append);
      // The build stops its own steps (scripts/build-site.ts).
      const onStop = () => child.kill('SIGTERM');
      stop?.addEventListener('abort', onStop, { once: true });
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
        stop?.removeEventListener('abort', onStop);
        opts.standby?.prepare();
        if (code !== 0 || stop?.aborted) {
          resolve({ ok: false, log: `${log}\nthe build exited with ${code ?? 'a signal'}` });
          return;
        }
        linkOrCopy(path.join(cwd, 'out'), folder).then(
          () => resolve({ ok: true, folder, log }),
          (error: Error) => resolve({ ok: false, log: `${log}\nputting out/ in place failed: ${error.message}` }),
        );
      });
    });
}
