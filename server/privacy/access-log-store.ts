import { type Db, type Queryable, type Tx, writeIn } from '../store/db';
import { int, text, iso } from '../store/rows';

/** The access log of personal data: who read, changed or erased whose data, and when. */

/** What an access log entry records: a read (view, search, export), a change, or a purge. */
export type LogAction = 'view' | 'search' | 'export' | 'change' | 'correct' | 'erase' | 'purge' | 'request';

export async function logAction(
  db: Db | Tx,
  staff: string,
  action: LogAction,
  hash: string,
  detail: string,
  now: Date,
): Promise<void> {
  await writeIn(db, (tx) =>
    tx.query('INSERT INTO privacy_log (at, staff_name, action, subject_hash, detail) VALUES ($1, $2, $3, $4, $5)', [
      now.toISOString(),
      staff,
      action,
      hash,
      detail.slice(0, 500),
    ]),
  );
}

export interface LogEntry {
  id: number;
  at: string;
  staff: string;
  action: string;
  subject: string;
  detail: string;
}

/** The access log, newest first; only one person's entries when a hash is given. */
export async function listLog(db: Queryable, subject?: string, limit = 200): Promise<LogEntry[]> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT id, at, staff_name, action, subject_hash, detail FROM privacy_log
     ${subject ? 'WHERE subject_hash = $2' : ''} ORDER BY id DESC LIMIT $1`,
    subject ? [limit, subject] : [limit],
  );
  return rows.map((r) => ({
    id: int(r.id),
    at: iso(r.at),
    staff: text(r.staff_name),
    action: text(r.action),
    subject: text(r.subject_hash),
    detail: text(r.detail),
  }));
}

/** The studio's owner, who reads the access log: the first staff account created. */
export async function isOwner(db: Queryable, staffId: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>('SELECT id FROM staff ORDER BY id LIMIT 1');
  return rows.length > 0 && int(rows[0]?.id) === staffId;
}
