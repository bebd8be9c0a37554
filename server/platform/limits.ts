/**
 * The per-client rate limits of public POSTs (counted in server/platform/counters.ts) and the gate
 * of password checks. The gate is per process: it protects this process's cores.
 */
import { type Counters, MemoryCounters } from './counters';

/** A fixed one-minute window per key. */
export class RateLimiter {
  constructor(
    private readonly perMinute: number,
    private readonly counters: Counters = new MemoryCounters(),
  ) {}

  /** Counts one request; resolves with 0 when allowed, else the seconds to wait. */
  async hit(key: string): Promise<number> {
    const { count, resetMs } = await this.counters.hit(`rate|${key}`, 60_000, 'other');
    return count > this.perMinute ? Math.max(1, Math.ceil(resetMs / 1000)) : 0;
  }
}

/**
 * Runs at most `concurrency` tasks at a time with up to `queue` more waiting; beyond that a task
 * is refused at once (so a flood of password checks cannot fill the thread pool that file reads
 * and everything else need).
 */
export class Gate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  /** Whether a task asked for now would be refused. */
  get full(): boolean {
    return this.running >= this.concurrency && this.waiting.length >= this.queue;
  }

  /** A promise of a release function once a slot is free, or undefined when the queue is full. */
  enter(): Promise<() => void> | undefined {
    const release = () => {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    };
    if (this.running < this.concurrency) {
      this.running += 1;
      return Promise.resolve(release);
    }
    if (this.waiting.length >= this.queue) return undefined;
    return new Promise((resolve) => this.waiting.push(() => resolve(release)));
  }
}
