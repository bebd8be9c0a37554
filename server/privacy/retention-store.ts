import { retentionDaysOf } from '@/lib/privacy/retention';
import type { Db } from '../store/db';
import type { Store } from '../store/store';
import { int, text } from '../store/rows';
import { countsText, eraseRows } from './erasure-store';
import { logAction } from './access-log-store';

/** Retention: what is kept past its period is deleted each day, and the privacy notice version in force. */
/** How long a payment kept for the tax records is kept, in days (8 years). */
const taxHoldDays = 2922;
/** How long the access log and answered requests are kept, in days. */
const logDays = 365;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

/**
 * The daily retention purge: each form's submissions older than its period are erased as a
 * person's are (history, e-mail records; their claims deleted, or kept for the tax records without
 * contact when verified); claims alone follow the longest form period; payments kept for the tax
 * records go after 8 years; the access log, answered requests and used links after one year.
 * Logged as one entry. Resolves with the outcome shown to staff.
 */
export async function purgeExpired(
  store: Store,
  now: Date,
  overrides: Readonly<Record<string, number>> = {},
): Promise<string> {
  const summary = await store.db.write(async (tx) => {
    const forms = await tx.query<{ form: string }>('SELECT DISTINCT form FROM form_submissions');
    const subs: Array<{ form: string; id: number }> = [];
    for (const { form } of forms) {
      const rows = await tx.query<{ id: number }>(
        'SELECT id FROM form_submissions WHERE form = $1 AND received_at < $2',
        [form, daysBefore(now, retentionDaysOf(form, overrides))],
      );
      subs.push(...rows.map((r) => ({ form, id: int(r.id) })));
    }
    // Places on waitlists once they are no longer waiting: by the period of the form they were for.
    const waited = await tx.query<{ form: string }>('SELECT DISTINCT form FROM waitlist');
    for (const { form } of waited) {
      const rows = await tx.query<{ id: number }>(
        "SELECT id FROM waitlist WHERE form = $1 AND joined_at < $2 AND status <> 'waiting'",
        [form, daysBefore(now, retentionDaysOf(form, overrides))],
      );
      subs.push(...rows.map((r) => ({ form: 'waitlist', id: Number(r.id) })));
    }
    const longest = Math.max(...forms.map((f) => retentionDaysOf(f.form, overrides)), retentionDaysOf('', overrides));
    const claims = await tx.query<{ id: number; status: string }>(
      `SELECT id, status FROM payment_claims WHERE contact <> '' AND (received_at < $1
         OR (registration_form, registration_id) IN (SELECT f, i FROM unnest($2::text[], $3::int[]) AS t(f, i)))`,
      [daysBefore(now, longest), subs.map((s) => s.form), subs.map((s) => s.id)],
    );
    const counts = await eraseRows(
      tx,
      subs,
      claims.map((c) => ({ id: int(c.id), status: text(c.status) })),
      'keep',
    );
    const taxGone = await tx.query(
      'DELETE FROM payment_claims WHERE kept_for IS NOT NULL AND received_at < $1 RETURNING id',
      [daysBefore(now, taxHoldDays)],
    );
    const yearAgo = daysBefore(now, logDays);
    // The access log refuses every change but this one (migration 14).
    await tx.query("SELECT set_config('studio.purging_access_log', 'on', true)");
    await tx.query('DELETE FROM privacy_log WHERE at < $1', [yearAgo]);
    await tx.query("SELECT set_config('studio.purging_access_log', 'off', true)");
    // Messages about personal data that could not be sent within a week.
    await tx.query("DELETE FROM outbox WHERE source LIKE 'privacy-%' AND created_at < $1", [daysBefore(now, 7)]);
    await tx.query("DELETE FROM data_requests WHERE status <> 'open' AND done_at < $1", [yearAgo]);
    await tx.query('DELETE FROM data_links WHERE expires_at < $1', [now.toISOString()]);
    const outcome = `${countsText(counts)}; ${taxGone.length} payment(s) past the tax period deleted`;
    await logAction(tx, 'retention', 'purge', '', outcome, now);
    return outcome;
  });
  return summary;
}

/** Records the privacy notice version the site shows; each submission stored from now on carries it. */
export async function setNoticeVersion(db: Db, version: string): Promise<void> {
  await db.write((tx) => tx.query('UPDATE privacy_config SET notice_version = $1', [version]));
}
