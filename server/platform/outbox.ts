import type { Db } from '../store/db';
import { int, text, json } from '../store/rows';

/**
 * An outbox row: what arrived (a form's name, 'pro-audio' or 'claim') and its id, or a message to a
 * registrant (`reg-…`, with its address and the session it is about).
 */
export interface OutboxItem {
  id: number;
  source: string;
  refId: number;
  attempts: number;
  toAddress?: string;
  detail?: Record<string, unknown>;
}

/** Thrown by a sender for a row that no longer applies (a reminder for a cancelled seat): marked done, with why. */
export class Skip extends Error {}

/** What a sender looked up, or a Skip saying `why` when it is gone. */
export function orSkip<T>(value: T | null | undefined, why: string): T {
  if (value == null) throw new Skip(why);
  return value;
}

/** Thrown by a sender for a row to send at `at` instead (a registrant's daily limit): not counted as an attempt. */
export class Later extends Error {
  constructor(
    readonly at: Date,
    why: string,
  ) {
    super(why);
  }
}

export interface OutboxOptions {
  db: Db;
  send: (item: OutboxItem) => Promise<void>;
  /** How long a claimed row is this worker's; a crashed worker's rows come back after it. */
  leaseSeconds?: number;
  pollMs?: number;
  /** Attempts before a row is left alone (its last error stays in the table). */
  maxAttempts?: number;
  batch?: number;
  /** The clock rows fall due by (tests move it); the database's own clock when absent. */
  now?: () => Date;
  /** Where a failed send and a failing round are told: the owner's log (standard error when absent). */
  log?: (line: string) => void;
}

/** `text` with e-mail addresses masked (a mail server's refusal names the recipient), for the log. */
const withoutAddresses = (text: string): string => text.replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, '[address]');

/** Seconds to wait after the n-th failed attempt: 30 s, 1 min, 2 min … at most an hour. */
const backoffSeconds = (attempt: number): number => Math.min(30 * 2 ** Math.max(0, attempt - 1), 3600);

/**
 * Sends the outbox's rows. The rows are written by the database itself in the transaction that
 * stores a submission or a claim (a trigger, migration 2), so a stored submission always has its
 * notification, and a mail outage only delays it. A worker claims due rows with
 * `FOR UPDATE SKIP LOCKED` and a lease, so several server instances never send one row twice
 * (unless one dies mid-send and its lease runs out: then the row is sent again, at least once).
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private readonly lease: number;
  private readonly maxAttempts: number;
  private readonly batch: number;

  constructor(private readonly opts: OutboxOptions) {
    this.lease = opts.leaseSeconds ?? 120;
    this.maxAttempts = opts.maxAttempts ?? 12;
    this.batch = opts.batch ?? 10;
  }

  /** Turns the trigger on or off: with notifications off, stored submissions add no rows. */
  static async setEnabled(db: Db, enabled: boolean, registrants = false): Promise<void> {
    await db.write((tx) =>
      tx.query('UPDATE outbox_config SET enabled = $1, registrant_enabled = $2', [enabled, registrants]),
    );
  }

  private async claim(): Promise<OutboxItem[]> {
    // Only rows the disk has: the claimed rows' submissions committed before the claim, and the
    // write's sync covers every commit so far. A failed sync throws here and stops the store: nothing is sent.
    const rows = await this.opts.db.write((tx) =>
      tx.query<Record<string, unknown>>(
        `UPDATE outbox SET lease_until = now() + make_interval(secs => $1), attempts = attempts + 1
         WHERE id IN (
           SELECT id FROM outbox
           WHERE sent_at IS NULL AND next_at <= coalesce($4::timestamptz, now()) AND attempts < $3
             AND (lease_until IS NULL OR lease_until < now())
           ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING id, source, ref_id, attempts, to_address, detail`,
        [this.lease, this.batch, this.maxAttempts, this.opts.now ? this.opts.now().toISOString() : null],
      ),
    );
    return rows.map((r) => ({
      id: int(r.id),
      source: text(r.source),
      refId: int(r.ref_id),
      attempts: int(r.attempts),
      ...(r.to_address ? { toAddress: text(r.to_address) } : {}),
      ...(r.detail ? { detail: json<Record<string, unknown>>(r.detail) } : {}),
    }));
  }

  /** Claims and sends the rows that are due; resolves with how many were sent. */
  async runOnce(): Promise<number> {
    let sent = 0;
    const items = await this.claim();
    const update = (sql: string, params: readonly unknown[]) => this.opts.db.write((tx) => tx.query(sql, params));
    for (const item of items) {
      try {
        await this.opts.send(item);
        await update('UPDATE outbox SET sent_at = coalesce($2::timestamptz, now()), lease_until = NULL WHERE id = $1', [
          item.id,
          this.opts.now ? this.opts.now().toISOString() : null,
        ]);
        sent += 1;
      } catch (error) {
        if (error instanceof Later) {
          await update(
            'UPDATE outbox SET lease_until = NULL, attempts = attempts - 1, next_at = $2, last_error = $3 WHERE id = $1',
            [item.id, error.at.toISOString(), `waiting: ${error.message}`],
          );
          continue;
        }
        if (error instanceof Skip) {
          await update('UPDATE outbox SET sent_at = now(), lease_until = NULL, last_error = $2 WHERE id = $1', [
            item.id,
            `skipped: ${error.message}`,
          ]);
          continue;
        }
        const message = error instanceof Error ? error.message : String(error);
        await update(
          `UPDATE outbox SET lease_until = NULL, last_error = $2,
             next_at = now() + make_interval(secs => $3) WHERE id = $1`,
          [item.id, message.slice(0, 500), backoffSeconds(item.attempts)],
        );
        (this.opts.log ?? console.error)(
          `notification ${item.id} (${item.source}) failed, attempt ${item.attempts}: ${withoutAddresses(message)}`,
        );
      }
    }
    return sent;
  }

  /**
   * Works the outbox every `pollMs` until stop(). A round that fails (the database away) is printed
   * once, not every `pollMs` while it lasts: again only when its reason changes or after a round
   * that worked.
   */
  start(): void {
    let failing: string | undefined;
    const tick = () => {
      this.running = this.runOnce().then(
        (sent) => {
          failing = undefined;
          return sent;
        },
        (error: Error) => {
          if (failing !== error.message) (this.opts.log ?? console.error)(`outbox: ${withoutAddresses(error.message)}`);
          failing = error.message;
          return 0;
        },
      );
      void this.running.finally(() => {
        if (this.timer) this.timer = setTimeout(tick, this.opts.pollMs ?? 2000);
      });
    };
    this.timer = setTimeout(tick, 0);
  }

  /** Stops polling and waits for a send in flight. */
  async stop(): Promise<void> {
    const timer = this.timer;
    this.timer = undefined;
    clearTimeout(timer);
    await this.running;
  }
}
