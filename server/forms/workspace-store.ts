import { submissionStatuses, type PageQuery, type SubmissionStatus } from '@/lib/dashboard/workspace';
import { priceReceivedSql } from '../registrations/states-store';
import type { Queryable } from '../store/db';
import type { Store } from '../store/store';
import { int, text, textOrNull, iso, json } from '../store/rows';

/**
 * A table of the workspace: one form's submissions. A course registration's `Intake` (the intake's
 * id) reads as the intake's course and start, so staff see, search and sort it by name.
 */
function sourceSql(form: string): { sql: string; params: unknown[] } {
  return {
    sql: `SELECT f.id, f.form, f.status, f.note, f.received_at,
        CASE WHEN i.id IS NULL THEN f.payload
          ELSE jsonb_set(f.payload, '{Intake}', to_jsonb(i.title || ', ' || i.label || CASE WHEN i.status = 'cancelled' THEN ' (cancelled)' ELSE '' END))
        END AS payload
      FROM form_submissions f
      LEFT JOIN class_sessions i ON i.kind = 'course' AND i.id::text = f.payload ->> 'Intake'
      WHERE f.form = $1`,
    params: [form],
  };
}

/**
 * The id a submission has now: a submission moved from an older table (the pro audio form's own,
 * before every form shared one) keeps answering to the id staff saw and e-mails linked to.
 */
const currentId = (form: string, id: string) =>
  `coalesce((SELECT new_id FROM moved_submissions WHERE form = ${form} AND old_id = ${id}), ${id})`;

export interface WorkspaceRow {
  id: number;
  payload: Record<string, unknown>;
  status: SubmissionStatus;
  note: string;
  receivedAt: string;
  /** A verified payment claim matches this registration. */
  paid: boolean;
}

export interface HistoryEntry {
  id: number;
  staff: string;
  status: SubmissionStatus | null;
  note: string | null;
  at: string;
}

const statusOf = (value: unknown): SubmissionStatus => submissionStatuses.find((s) => s === value) ?? 'new';

function rowOf(r: Record<string, unknown>): WorkspaceRow {
  const payload = json<unknown>(r.payload);
  return {
    id: int(r.id),
    payload: typeof payload === 'object' && payload !== null ? { ...payload } : {},
    status: statusOf(r.status),
    note: String(r.note ?? ''),
    receivedAt: iso(r.received_at),
    paid: r.paid === true,
  };
}

/** A row is paid when its price is fully received, as the lifecycle says (a short payment is not). */
const isPaid = priceReceivedSql('s.id');
const paidSql = `${isPaid} AS paid`;

/**
 * The rows of one table that match the query, sorted and cut to one page on the server: the
 * search looks in every field's text and the note (case-insensitive), the sort is by a payload
 * key, the status or the received time, newest first when equal.
 */
export async function listPage(
  db: Queryable,
  form: string,
  query: PageQuery,
  keys: readonly string[],
): Promise<{ rows: WorkspaceRow[]; total: number }> {
  const source = sourceSql(form);
  const params = [...source.params];
  const where: string[] = [];
  if (query.status) {
    params.push(query.status);
    where.push(`s.status = $${params.length}`);
  }
  if (query.paid) where.push(query.paid === 'paid' ? isPaid : `NOT ${isPaid}`);
  if (query.q) {
    params.push(`%${query.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`);
    const p = `$${params.length}`;
    // One text of the table's fields and the note, searched once (faster than a row per field).
    const fields = keys.map((key) => {
      params.push(key);
      return `s.payload ->> $${params.length}`;
    });
    where.push(`concat_ws(' ', s.note, ${fields.join(', ') || "''"}) ILIKE ${p}`);
  }
  const filtered = `FROM (${source.sql}) s${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
  const [count] = await db.query<{ n: number | string }>(`SELECT count(*) AS n ${filtered}`, params);
  const direction = query.dir === 'asc' ? 'ASC' : 'DESC';
  let order = `s.id ${direction}`;
  if (query.sort === 'status') order = `s.status ${direction}, s.id DESC`;
  else if (query.sort !== 'received' && keys.includes(query.sort)) {
    params.push(query.sort);
    order = `lower(s.payload ->> $${params.length}) ${direction} NULLS LAST, s.id DESC`;
  }
  const limit = query.size === 'all' ? '' : ` LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}`;
  const rows = await db.query<Record<string, unknown>>(
    `SELECT s.*, ${paidSql} ${filtered} ORDER BY ${order}${limit}`,
    params,
  );
  return { rows: rows.map(rowOf), total: Number(count?.n ?? 0) };
}

/** One submission with its history of changes, oldest first. */
export async function getSubmission(
  db: Queryable,
  form: string,
  id: number,
): Promise<{ row: WorkspaceRow; history: HistoryEntry[] } | undefined> {
  const source = sourceSql(form);
  const params = [...source.params, id];
  const rows = await db.query<Record<string, unknown>>(
    `SELECT s.*, ${paidSql} FROM (${source.sql}) s WHERE s.id = ${currentId('$1', `$${params.length}`)}`,
    params,
  );
  const row = rows[0];
  if (!row) return undefined;
  const events = await db.query<Record<string, unknown>>(
    'SELECT id, staff_name, status, note, at FROM submission_events WHERE source = $1 AND submission_id = $2 ORDER BY id',
    [form, int(row.id)],
  );
  return {
    row: rowOf(row),
    history: events.map((e) => ({
      id: int(e.id),
      staff: text(e.staff_name),
      status: e.status === null ? null : statusOf(e.status),
      note: textOrNull(e.note),
      at: iso(e.at),
    })),
  };
}

/** Sets a submission's status and/or note and records who changed what, in one transaction. */
export async function updateSubmission(
  store: Store,
  form: string,
  id: number,
  change: { status?: SubmissionStatus; note?: string },
  staff: string,
): Promise<boolean> {
  const found = await store.db.write(async (tx) => {
    const updated = await tx.query<{ id: number }>(
      `UPDATE form_submissions SET status = coalesce($2, status), note = coalesce($3, note)
       WHERE id = ${currentId('$4', '$1')} AND form = $4 RETURNING id`,
      [id, change.status ?? null, change.note ?? null, form],
    );
    const row = updated[0];
    if (!row) return false;
    await tx.query(
      'INSERT INTO submission_events (source, submission_id, staff_name, status, note) VALUES ($1, $2, $3, $4, $5)',
      [form, int(row.id), staff, change.status ?? null, change.note ?? null],
    );
    return true;
  });
  return found;
}

/** How many submissions of each table are new, how many claims wait, and whether builds failed. */
export async function newCounts(db: Queryable): Promise<Record<string, number>> {
  const rows = await db.query<{ k: string; n: number | string }>(
    `SELECT form AS k, count(*) AS n FROM form_submissions s WHERE status = 'new' AND NOT ${isPaid} GROUP BY form
     UNION ALL SELECT 'payments', count(*) FROM payment_claims WHERE status = 'pending'
     UNION ALL SELECT 'builds', count(*) FROM builds WHERE status = 'failed'
       AND id > coalesce((SELECT max(id) FROM builds WHERE status = 'succeeded'), 0)`,
  );
  return Object.fromEntries(rows.map((r) => [r.k, int(r.n)]));
}
