import type { Db } from '../store/db';
import type { Store } from '../store/store';
import { int, text } from '../store/rows';

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
export function localLedger(store: Pick<Store, 'startBuild'>): BuildLedger {
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
export const buildLeaseSeconds = 90;

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
