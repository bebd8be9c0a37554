import { keyOfContact, type PersonKey } from '@/lib/privacy/person';
import { documentsKeptWhy, keptDocuments } from '../books/books-store';
import { withdrawCertificates } from '../certificates/certificates-store';
import type { Queryable, Tx } from '../store/db';
import type { Store } from '../store/store';
import { int, text, iso } from '../store/rows';
import { findPerson, messageRefs, outboxRows, senderKeys, subjectHash } from './people-store';
import { logAction } from './access-log-store';

/** Why erasure keeps a verified payment: the accounts and tax law (GST records, 72 months; the Companies Act, 8 years). */
const taxHold = 'tax records';

/**
 * Erasing a person: their rows go, verified payments stay for the tax records without the contact,
 * and a tombstone (a hash of each address) proves it and has it applied again after a restore.
 */

export interface ErasureCounts {
  submissions: number;
  claimsDeleted: number;
  claimsKept: number;
  /** Invoices and credit notes of the kept payments: the books keep them (keptDocuments). */
  documentsKept: number;
  /** Certificates withdrawn: their serial answers "withdrawn at the holder's request", nothing more. */
  certificatesWithdrawn: number;
  messages: number;
}

/**
 * Removes submissions (with their history and e-mail records) and claims: a verified claim is
 * kept for the tax records with its contact removed and marked as such; others are deleted.
 */
export async function eraseRows(
  tx: Tx,
  subs: ReadonlyArray<{ form: string; id: number }>,
  claims: ReadonlyArray<{ id: number; status: string }>,
  /** An erasure withdraws the person's certificates; the retention purge keeps them (they are checked for years). */
  certificates: 'withdraw' | 'keep',
): Promise<ErasureCounts> {
  const outbox = await outboxRows(
    tx,
    messageRefs(
      subs,
      claims.map((c) => c.id),
    ),
  );
  if (outbox.length) await tx.query('DELETE FROM outbox WHERE id = ANY($1::int[])', [outbox.map((m) => m.id)]);
  const forms = subs.map((s) => s.form);
  const ids = subs.map((s) => s.id);
  const certificatesWithdrawn = certificates === 'withdraw' ? await withdrawCertificates(tx, ids) : 0;
  if (ids.length) {
    const pairs = 'SELECT f, i FROM unnest($1::text[], $2::int[]) AS t(f, i)';
    await tx.query(`DELETE FROM submission_events WHERE (source, submission_id) IN (${pairs})`, [forms, ids]);
    await tx.query(`DELETE FROM form_submissions WHERE (form, id) IN (${pairs})`, [forms, ids]);
    // A place on a waitlist is a submission of the form "waitlist" here (findPerson, purgeExpired).
    await tx.query('DELETE FROM waitlist WHERE id = ANY($1::int[])', [
      subs.filter((x) => x.form === 'waitlist').map((x) => x.id),
    ]);
  }
  const kept = claims.filter((c) => c.status === 'verified').map((c) => c.id);
  const deleted = claims.filter((c) => c.status !== 'verified').map((c) => c.id);
  if (kept.length) {
    await tx.query(
      "UPDATE payment_claims SET contact = '', registration_id = NULL, kept_for = $2 WHERE id = ANY($1::int[])",
      [kept, taxHold],
    );
  }
  if (deleted.length) await tx.query('DELETE FROM payment_claims WHERE id = ANY($1::int[])', [deleted]);
  const documentsKept = await keptDocuments(tx, kept);
  return {
    submissions: ids.length,
    claimsDeleted: deleted.length,
    claimsKept: kept.length,
    documentsKept,
    certificatesWithdrawn,
    messages: outbox.length,
  };
}

export const countsText = (c: ErasureCounts) =>
  `${c.submissions} submission(s), ${c.claimsDeleted} claim(s) deleted, ${c.claimsKept} payment(s) kept for ${taxHold} without contact, ${c.documentsKept} ${documentsKeptWhy}, ${c.certificatesWithdrawn} certificate(s) withdrawn, ${c.messages} e-mail record(s)`;

/**
 * Erases a person: every submission, note, history entry, claim and e-mail record found for the
 * address (see eraseRows for payments), the visitor's links and the addresses kept on their open
 * requests, which are closed. Leaves a tombstone (the address's hash, when, by whom, why) and a log
 * entry; after a restore, the tombstone erases again exactly what this search found.
 * Resolves with what was removed and the requests (id, address) to tell that the erasure is done.
 */
export async function erasePerson(
  store: Store,
  key: PersonKey,
  by: string,
  reason: string,
  now: Date,
): Promise<{ counts: ErasureCounts; notify: Array<{ id: number; email: string }> }> {
  const result = await store.db.write(async (tx) => {
    const record = await findPerson(tx, key);
    const counts = await eraseRows(tx, record.submissions, record.claims, 'withdraw');
    const at = now.toISOString();
    const hash = subjectHash(key);
    await tx.query('INSERT INTO erasures (subject_hash, erased_at, erased_by, reason) VALUES ($1, $2, $3, $4)', [
      hash,
      at,
      by,
      reason,
    ]);
    // A request's text may hold personal data; its kind, dates and outcome stay as proof.
    await tx.query("UPDATE data_requests SET details = '' WHERE subject_hash = $1", [hash]);
    const open = await tx.query<{ id: number; email: string | null }>(
      `UPDATE data_requests SET status = 'done', done_at = $2, done_by = $3, outcome = $4, email = NULL
       WHERE subject_hash = $1 AND status = 'open'
       RETURNING id, (SELECT email FROM data_requests d WHERE d.id = data_requests.id) AS email`,
      [hash, at, by, `Erased: ${countsText(counts)}.`],
    );
    if (key.kind === 'email') await tx.query('DELETE FROM data_links WHERE email = $1', [key.value]);
    await logAction(tx, by, 'erase', hash, `${reason}: ${countsText(counts)}`, now);
    return { counts, notify: open.flatMap((r) => (r.email ? [{ id: int(r.id), email: r.email }] : [])) };
  });
  return result;
}

/**
 * Applies every tombstone again: records of an erased address received before its erasure (as a
 * restore from an older backup brings back) are erased once more. Call on start and after a
 * restore. Resolves with how many submissions and claims it erased.
 */
export async function reapplyErasures(store: Store, now = new Date()): Promise<number> {
  const tombs = await store.db.query<{ subject_hash: string; erased_at: unknown }>(
    'SELECT subject_hash, max(erased_at) AS erased_at FROM erasures GROUP BY subject_hash',
  );
  if (tombs.length === 0) return 0;
  const erasedAt = new Map(tombs.map((t) => [t.subject_hash, new Date(iso(t.erased_at)).getTime()]));
  const hit = (keys: readonly PersonKey[], received: unknown) => {
    const t = new Date(iso(received)).getTime();
    return keys.some((k) => (erasedAt.get(subjectHash(k)) ?? -Infinity) >= t);
  };
  const counts = await store.db.write(async (tx) => {
    const subs = (
      await tx.query<Record<string, unknown>>(
        'SELECT id, form, person_email, person_phone, received_at FROM form_submissions',
      )
    ).filter((r) => hit(senderKeys(r), r.received_at));
    const subRefs = new Set(subs.map((s) => `${s.form}:${s.id}`));
    const claims = (
      await tx.query<Record<string, unknown>>(
        "SELECT id, contact, status, registration_form, registration_id, received_at FROM payment_claims WHERE contact <> ''",
      )
    ).filter((c) => {
      const k = keyOfContact(text(c.contact));
      return (k && hit([k], c.received_at)) || subRefs.has(`${c.registration_form}:${c.registration_id}`);
    });
    const done = await eraseRows(
      tx,
      subs.map((s) => ({ form: text(s.form), id: int(s.id) })),
      claims.map((c) => ({ id: int(c.id), status: text(c.status) })),
      'withdraw',
    );
    if (done.submissions + done.claimsDeleted + done.claimsKept > 0) {
      await logAction(tx, 'system', 'erase', '', `Erasures applied again: ${countsText(done)}`, now);
    }
    return done;
  });
  return counts.submissions + counts.claimsDeleted + counts.claimsKept;
}

/** Whether an address was erased, and when (the tombstones' proof). */
export async function erasuresOf(
  db: Queryable,
  key: PersonKey,
): Promise<Array<{ at: string; by: string; reason: string }>> {
  const rows = await db.query<Record<string, unknown>>(
    'SELECT erased_at, erased_by, reason FROM erasures WHERE subject_hash = $1 ORDER BY id',
    [subjectHash(key)],
  );
  return rows.map((r) => ({ at: iso(r.erased_at), by: text(r.erased_by), reason: text(r.reason) }));
}
