import { isoIndia } from '@/lib/india-time';
import type { Db } from '../store/db';
import { text, iso, isoOrNull } from '../store/rows';

/**
 * Scheduled work that runs once a day across every instance sharing the database (backups, the
 * daily rebuild, the retention purge…). Each job's day is a row in `job_runs`: the instance whose
 * claim inserts or takes over the row runs the job, every other instance skips it. A run that
 * failed, or whose instance died mid-run (its lease ran out), is claimed again on a later tick.
 */
export interface DailyJob {
  /** A stable name: the key of its rows in job_runs. */
  readonly name: string;
  /** The India time of day from which the job is due, HH:mm (e.g. '03:30'). */
  readonly at: string;
  /** The work; its resolved text is kept as the run's outcome (shown to staff). */
  readonly run: (now: Date) => Promise<string | undefined>;
}

export interface JobRun {
  job: string;
  day: string;
  status: 'running' | 'succeeded' | 'failed';
  outcome: string;
  startedAt: string;
  finishedAt: string | null;
}

export interface SchedulerOptions {
  db: Db;
  jobs: readonly DailyJob[];
  /** The clock; tests move it. */
  now?: () => Date;
  /** How often due jobs are looked for. */
  pollMs?: number;
  /** How long a claimed run is this instance's before another may take it over. */
  leaseSeconds?: number;
  log?: (line: string) => void;
}

/** The India calendar day and time of an instant: ['2026-11-24', '09:30']. */
export function indiaDayAndTime(at: Date): [string, string] {
  const iso = isoIndia(at.getTime());
  return [iso.slice(0, 10), iso.slice(11, 16)];
}

export class DailyScheduler {
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private readonly now: () => Date;
  private readonly lease: number;
  private readonly log: (line: string) => void;

  constructor(private readonly opts: SchedulerOptions) {
    this.now = opts.now ?? (() => new Date());
    this.lease = opts.leaseSeconds ?? 3600;
    this.log = opts.log ?? ((line) => console.log(line));
  }

  start(): void {
    if (this.timer || this.opts.jobs.length === 0) return;
    this.timer = setInterval(() => void this.tick(), this.opts.pollMs ?? 60_000);
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
  }

  /**
   * Runs every job that is due today and not yet done by any instance; resolves when they finish,
   * never rejects: a database that is away (a claim that cannot be made) is a line in the log, and
   * the next tick looks again.
   */
  tick(): Promise<void> {
    this.ticking ??= this.runDue()
      .catch((error: unknown) => {
        this.log(`due jobs could not be checked: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => {
        this.ticking = undefined;
      });
    return this.ticking;
  }

  private async runDue(): Promise<void> {
    const now = this.now();
    const [day, time] = indiaDayAndTime(now);
    for (const job of this.opts.jobs) {
      if (time < job.at) continue;
      if (!(await this.claim(job.name, day))) continue;
      try {
        const outcome = (await job.run(now)) ?? '';
        await this.finish(job.name, day, 'succeeded', outcome);
        this.log(`${job.name}: done for ${day}${outcome ? ` (${outcome})` : ''}`);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await this.finish(job.name, day, 'failed', message).catch(() => undefined);
        this.log(`${job.name}: failed for ${day}: ${message}`);
      }
    }
  }

  /** True when this instance now holds the job's run for the day. */
  private async claim(job: string, day: string): Promise<boolean> {
    const rows = await this.opts.db.write((tx) =>
      tx.query(
        `INSERT INTO job_runs (job, day, status, lease_until) VALUES ($1, $2, 'running', now() + make_interval(secs => $3))
         ON CONFLICT (job, day) DO UPDATE SET status = 'running', outcome = '', started_at = now(), finished_at = NULL,
           lease_until = EXCLUDED.lease_until, attempts = job_runs.attempts + 1
         WHERE job_runs.status = 'failed' AND job_runs.attempts < 3
            OR job_runs.status = 'running' AND job_runs.lease_until < now()
         RETURNING job`,
        [job, day, this.lease],
      ),
    );
    return rows.length > 0;
  }

  private async finish(job: string, day: string, status: 'succeeded' | 'failed', outcome: string): Promise<void> {
    await this.opts.db.write((tx) =>
      tx.query(
        `UPDATE job_runs SET status = $3, outcome = $4, finished_at = now(), lease_until = NULL WHERE job = $1 AND day = $2`,
        [job, day, status, outcome.slice(0, 500)],
      ),
    );
  }
}

/** The latest run of each job, for the dashboard. */
export async function latestRuns(db: Db): Promise<JobRun[]> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT DISTINCT ON (job) job, day, status, outcome, started_at, finished_at
     FROM job_runs ORDER BY job, day DESC`,
  );
  return rows.map((r) => ({
    job: text(r.job),
    day: text(r.day),
    status: r.status as JobRun['status'],
    outcome: text(r.outcome),
    startedAt: iso(r.started_at),
    finishedAt: isoOrNull(r.finished_at),
  }));
}
