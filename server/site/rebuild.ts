import { existsSync } from 'node:fs';
import path from 'node:path';
import type { BuildFunction } from './build';
import { type BuildLedger, buildLeaseSeconds, type ClaimedBuild, localLedger } from './build-ledger';
import { buildSteps, editorNotes, firstErrorLine, logTail } from './build-log';
import type { BuildMessage } from './build-mail';
import type { Store } from '../store/store';

/**
 * What became of a request for a build: started here; queued behind the running build (the first
 * request waiting, or one more); or it replaced the running daily or start-up build (`stopped`, that
 * build's reason), which stops within a second on whichever instance runs it.
 */
export type Triggered = { status: 'started' | 'queued' | 'already-queued' } | { status: 'replaced'; stopped: string };

/** How often a running daily or start-up build looks for a save waiting (sent to any instance) to give way to. */
const giveWayCheckMs = 500;

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
