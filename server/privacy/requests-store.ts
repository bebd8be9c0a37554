import type { Queryable } from '../store/db';
import type { Store } from '../store/store';
import { int, text, textOrNull, iso, isoOrNull, rowDecoder } from '../store/rows';
import { subjectHash } from './people-store';

/** Visitors' data requests: received, due in 30 days, overdue notices, answered. */
/** How long the studio gives itself to answer a request, in days. */
export const requestDueDays = 30;

export interface DataRequest {
  id: number;
  kind: 'correction' | 'erasure';
  subject: string;
  email: string | null;
  details: string;
  status: 'open' | 'done' | 'refused';
  createdAt: string;
  dueAt: string;
  doneAt: string | null;
  doneBy: string | null;
  outcome: string;
}

const requestOf = rowDecoder<DataRequest>({
  id: int,
  kind: (v) => (v === 'erasure' ? 'erasure' : 'correction'),
  subject: (_, r) => text(r.subject_hash),
  email: textOrNull,
  details: text,
  status: (v) => (v === 'done' ? 'done' : v === 'refused' ? 'refused' : 'open'),
  createdAt: iso,
  dueAt: iso,
  doneAt: isoOrNull,
  doneBy: textOrNull,
  outcome: text,
});

/**
 * A visitor's request; due in requestDueDays. The studio is told by e-mail (an outbox row, in the
 * same transaction) while staff notifications are on.
 */
export async function addRequest(
  store: Store,
  kind: DataRequest['kind'],
  email: string,
  details: string,
  now: Date,
): Promise<DataRequest> {
  const request = await store.db.write(async (tx) => {
    const [row] = await tx.query<Record<string, unknown>>(
      `INSERT INTO data_requests (kind, subject_hash, email, details, created_at, due_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [
        kind,
        subjectHash({ kind: 'email', value: email }),
        email,
        details,
        now.toISOString(),
        new Date(now.getTime() + requestDueDays * 86_400_000).toISOString(),
      ],
    );
    await tx.query(
      `INSERT INTO outbox (source, ref_id) SELECT '${staffNotice.received}', $1 WHERE (SELECT enabled FROM outbox_config)`,
      [row?.id],
    );
    return requestOf(row ?? {});
  });
  return request;
}

/** The outbox sources of the studio's messages about data requests. */
export const staffNotice = { received: 'privacy-request', overdue: 'privacy-overdue' } as const;

/**
 * Tells the studio (once) of each open request past its due date: an outbox row each, while staff
 * notifications are on. Resolves with how many were found overdue.
 */
export async function noticeOverdue(store: Store, now: Date): Promise<number> {
  const rows = await store.db.write((tx) =>
    tx.query<{ id: number }>(
      `WITH due AS (
         UPDATE data_requests SET overdue_told_at = $1
         WHERE status = 'open' AND due_at < $1 AND overdue_told_at IS NULL AND (SELECT enabled FROM outbox_config)
         RETURNING id)
       INSERT INTO outbox (source, ref_id) SELECT '${staffNotice.overdue}', id FROM due RETURNING ref_id AS id`,
      [now.toISOString()],
    ),
  );
  return rows.length;
}

/** The open requests for the dashboard's sidebar: how many, how many overdue, the earliest due date. */
export async function openRequestsSummary(
  db: Queryable,
  now: Date,
): Promise<{ open: number; overdue: number; earliestDue: string | null }> {
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT count(*) AS open, count(*) FILTER (WHERE due_at < $1) AS overdue, min(due_at) AS earliest
     FROM data_requests WHERE status = 'open'`,
    [now.toISOString()],
  );
  return { open: Number(row?.open ?? 0), overdue: Number(row?.overdue ?? 0), earliestDue: isoOrNull(row?.earliest) };
}

/** Open requests first (soonest due first), then the answered ones, newest first. */
export async function listRequests(db: Queryable): Promise<DataRequest[]> {
  const rows = await db.query<Record<string, unknown>>(
    "SELECT * FROM data_requests ORDER BY (status = 'open') DESC, CASE WHEN status = 'open' THEN due_at END, id DESC LIMIT 500",
  );
  return rows.map(requestOf);
}

export async function getRequest(db: Queryable, id: number): Promise<DataRequest | undefined> {
  const rows = await db.query<Record<string, unknown>>('SELECT * FROM data_requests WHERE id = $1', [id]);
  return rows[0] ? requestOf(rows[0]) : undefined;
}

/** Closes an open request; resolves with the address to tell (then forgotten), undefined if it was not open. */
export async function closeRequest(
  store: Store,
  id: number,
  status: 'done' | 'refused',
  outcome: string,
  by: string,
  now: Date,
): Promise<{ email: string | null } | undefined> {
  const rows = await store.db.write((tx) =>
    tx.query<{ email: string | null }>(
      `UPDATE data_requests SET status = $2, outcome = $3, done_by = $4, done_at = $5, email = NULL
       WHERE id = $1 AND status = 'open' RETURNING (SELECT email FROM data_requests d WHERE d.id = data_requests.id) AS email`,
      [id, status, outcome, by, now.toISOString()],
    ),
  );
  return rows[0] ? { email: rows[0].email } : undefined;
}
