import { createHash, randomBytes } from 'node:crypto';
import { personOfForm } from '@/lib/forms/registry';
import { keyOfContact, type PersonKey } from '@/lib/privacy/person';
import { retentionDaysOf } from '@/lib/privacy/retention';
import type { PersonRecord, PersonSubmission } from '@/lib/privacy/record';
import { documentsKeptWhy, keptDocuments } from '../books/books-store';
import { certificatesOfRegistrations, statusOf, withdrawCertificates } from '../certificates/certificates-store';
import { type Db, type Queryable, type Tx, writeIn } from '../store/db';
import type { Store } from '../store/store';
import { int, text, textOrNull, iso, isoOrNull, json } from '../store/rows';

/**
 * One person across every table: the submissions of every form (form_submissions, the pro audio
 * form included once it is stored there) with their history, the payment claims made with their
 * e-mail or phone or paying for their registrations, the e-mail records of all these (outbox),
 * and their own requests. Erasure removes them all, keeps verified payments' amounts and UTRs for
 * the tax records without the contact, and leaves a tombstone: a hash of each address, when, by
 * whom, and why, so that it is provable and applied again after a restore from an older backup.
 */

/** Why erasure keeps a verified payment: the accounts and tax law (GST records, 72 months; the Companies Act, 8 years). */
const taxHold = 'tax records';
/** How long a payment kept for the tax records is kept, in days (8 years). */
const taxHoldDays = 2922;
/** How long the access log and answered requests are kept, in days. */
const logDays = 365;
/** How long the studio gives itself to answer a request, in days. */
export const requestDueDays = 30;
/** How long a one-time link to the "Your data" page (and what it opens) lasts. */
export const linkMinutes = 15;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The hash a person is remembered by once their data is erased (tombstones) and in the access log:
 * SHA-256 of the kind and the normalised value. It proves that an address was erased to someone
 * who holds the address, without keeping it.
 */
export function subjectHash(key: PersonKey): string {
  return sha256(`${key.kind}:${key.value}`);
}

const payloadOf = (value: unknown): Record<string, unknown> => {
  const parsed = json<unknown>(value);
  return typeof parsed === 'object' && parsed !== null ? { ...(parsed as Record<string, unknown>) } : {};
};

/** The e-mail and phone a submission was sent with (its sender's columns), as person keys. */
const senderKeys = (r: Record<string, unknown>): PersonKey[] => [
  ...(r.person_email ? [{ kind: 'email', value: text(r.person_email) } as const] : []),
  ...(r.person_phone ? [{ kind: 'phone', value: text(r.person_phone) } as const] : []),
];

/**
 * The submissions sent by the person ($1 kind, $2 value): their sender's e-mail or phone (kept in
 * columns from the form's fields, lib/forms/person.ts) is the person's.
 */
const submissionsSql = `SELECT s.id, s.form, s.payload, s.status, s.note, s.notice_version, s.received_at
  FROM form_submissions s WHERE CASE WHEN $1 = 'email' THEN s.person_email = $2 ELSE s.person_phone = $2 END
  ORDER BY s.received_at, s.id`;

/** The person's places on waitlists, as submissions of the form "waitlist" (the sign-up and its session). */
const waitlistSql = `SELECT s.id, 'waitlist' AS form, s.payload || jsonb_build_object('session', c.label) AS payload,
    s.status, '' AS note, NULL AS notice_version, s.joined_at AS received_at
  FROM waitlist s JOIN class_sessions c ON c.id = s.session_id
  WHERE CASE WHEN $1 = 'email' THEN s.email = $2 ELSE s.phone = $2 END ORDER BY s.joined_at, s.id`;

/** Claims made with the person's e-mail or phone, or paying for one of their registrations. */
const claimsSql = `SELECT id, utr, contact, reference, amount_paise, status, received_at FROM payment_claims c
  WHERE contact <> '' AND (CASE WHEN $1 = 'email' THEN lower(btrim(contact)) = $2
      ELSE position('@' in contact) = 0 AND right(regexp_replace(contact, '\\D', '', 'g'), 10) = $2 END
    OR (c.registration_form, c.registration_id) IN (SELECT f, i FROM unnest($3::text[], $4::int[]) AS t(f, i)))
  ORDER BY received_at, id`;

function submissionOf(r: Record<string, unknown>): PersonSubmission {
  return {
    form: text(r.form),
    id: int(r.id),
    payload: payloadOf(r.payload),
    status: text(r.status),
    note: String(r.note ?? ''),
    noticeVersion: textOrNull(r.notice_version),
    receivedAt: iso(r.received_at),
    history: [],
  };
}

/** Everything held about one person. */
export async function findPerson(db: Queryable, key: PersonKey): Promise<PersonRecord> {
  const subs = [
    ...(await db.query<Record<string, unknown>>(submissionsSql, [key.kind, key.value])),
    ...(await db.query<Record<string, unknown>>(waitlistSql, [key.kind, key.value])),
  ].map(submissionOf);
  const claims = await db.query<Record<string, unknown>>(claimsSql, [
    key.kind,
    key.value,
    subs.map((s) => s.form),
    subs.map((s) => s.id),
  ]);
  const ids = subs.map((s) => s.id);
  const events = ids.length
    ? await db.query<Record<string, unknown>>(
        'SELECT source, submission_id, staff_name, status, note, field, at FROM submission_events WHERE submission_id = ANY($1::int[]) ORDER BY id',
        [ids],
      )
    : [];
  for (const e of events) {
    const sub = subs.find((s) => s.form === e.source && s.id === int(e.submission_id));
    sub?.history.push({
      staff: text(e.staff_name),
      status: textOrNull(e.status),
      note: textOrNull(e.note),
      field: textOrNull(e.field),
      at: iso(e.at),
    });
  }
  const refs = messageRefs(
    subs,
    claims.map((c) => int(c.id)),
  );
  const outbox = await outboxRows(db, refs);
  const requests = await db.query<Record<string, unknown>>(
    'SELECT id, kind, status, details, created_at, due_at, done_at FROM data_requests WHERE subject_hash = $1 ORDER BY id',
    [subjectHash(key)],
  );
  const certificates = await certificatesOfRegistrations(db, ids);
  return {
    key,
    submissions: subs,
    certificates: certificates.map((c) => ({
      serial: c.serial,
      registrationId: c.registrationId,
      kind: c.kind,
      holderName: c.holderName,
      course: c.course,
      issuedAt: c.issuedAt,
      status: statusOf(c),
    })),
    claims: claims.map((c) => ({
      id: int(c.id),
      utr: text(c.utr),
      contact: text(c.contact),
      reference: text(c.reference),
      amountPaise: int(c.amount_paise),
      status: text(c.status),
      receivedAt: iso(c.received_at),
    })),
    messages: outbox.map((m) => ({
      id: int(m.id),
      about: m.source === 'claim' ? `payment claim ${m.ref_id}` : `${m.source} submission ${m.ref_id}`,
      createdAt: iso(m.created_at),
      sentAt: isoOrNull(m.sent_at),
    })),
    requests: requests.map((r) => ({
      id: int(r.id),
      kind: text(r.kind),
      status: text(r.status),
      details: text(r.details),
      createdAt: iso(r.created_at),
      dueAt: iso(r.due_at),
      doneAt: isoOrNull(r.done_at),
    })),
  };
}

/** The outbox's (source, ref_id) of submissions and claims. */
function messageRefs(subs: ReadonlyArray<{ form: string; id: number }>, claimIds: readonly number[]): Set<string> {
  return new Set([...subs.map((s) => `${s.form}:${s.id}`), ...claimIds.map((id) => `claim:${id}`)]);
}

async function outboxRows(db: Queryable, refs: Set<string>): Promise<Record<string, unknown>[]> {
  if (refs.size === 0) return [];
  const ids = [...refs].map((r) => Number(r.slice(r.lastIndexOf(':') + 1)));
  const rows = await db.query<Record<string, unknown>>(
    'SELECT id, source, ref_id, created_at, sent_at FROM outbox WHERE ref_id = ANY($1::int[]) ORDER BY id',
    [ids],
  );
  const registrations = [...refs].filter((r) => r.startsWith('masterclass:')).map((r) => Number(r.slice(12)));
  const waits = [...refs].filter((r) => r.startsWith('waitlist:')).map((r) => Number(r.slice(9)));
  // The registrant's own messages (sessions): the acknowledgement names the registration, the
  // rest its seat; each carries the registrant's address.
  // A place on a waitlist: the messages to the person waiting name the entry.
  const registrant =
    registrations.length || waits.length
      ? await db.query<Record<string, unknown>>(
          `SELECT id, source, ref_id, created_at, sent_at FROM outbox
         WHERE (source = 'reg-received' AND ref_id = ANY($1::int[]))
            OR (source LIKE 'reg-waitlist%' AND ref_id = ANY($2::int[]))
            OR (source LIKE 'reg-%' AND source <> 'reg-received' AND source NOT LIKE 'reg-waitlist%'
                AND ref_id IN (SELECT id FROM session_seats WHERE registration_id = ANY($1::int[])))
         ORDER BY id`,
          [registrations, waits],
        )
      : [];
  return [...rows.filter((r) => refs.has(`${r.source}:${r.ref_id}`)), ...registrant];
}

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
async function eraseRows(
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

const countsText = (c: ErasureCounts) =>
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

/**
 * Corrects one text field of a submission's payload (and who it is from, when the field is the
 * sender's name, e-mail or phone), recording who changed which field in its history (the old value
 * is not kept) and in the access log. False when there is no such submission or field.
 */
export async function correctField(
  store: Store,
  ref: { form: string; id: number },
  field: string,
  value: string,
  by: string,
  hash: string,
  now: Date,
): Promise<boolean> {
  const done = await store.db.write(async (tx) => {
    const [row] = await tx.query<{ payload: unknown }>(
      `UPDATE form_submissions SET payload = jsonb_set(payload, ARRAY[$3::text], to_jsonb($4::text))
       WHERE form = $1 AND id = $2 AND jsonb_typeof(payload -> $3) = 'string' RETURNING payload`,
      [ref.form, ref.id, field, value],
    );
    if (!row) return false;
    const person = personOfForm(ref.form, payloadOf(row.payload));
    await tx.query(
      'UPDATE form_submissions SET person_name = $3, person_email = $4, person_phone = $5 WHERE form = $1 AND id = $2',
      [ref.form, ref.id, person.name, person.email, person.phone],
    );
    await tx.query(
      'INSERT INTO submission_events (source, submission_id, staff_name, field, at) VALUES ($1, $2, $3, $4, $5)',
      [ref.form, ref.id, by, field, now.toISOString()],
    );
    await logAction(tx, by, 'correct', hash, `${ref.form} submission ${ref.id}: ${field}`, now);
    return true;
  });
  return done;
}

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

// The visitor's own requests ("Your data")

/** A one-time link's token: its hash is stored, the token only travels in the e-mail. */
export async function createLink(db: Db, email: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.write((tx) =>
    tx.query('INSERT INTO data_links (id, email, expires_at) VALUES ($1, $2, $3)', [
      sha256(token),
      email,
      new Date(now.getTime() + linkMinutes * 60_000).toISOString(),
    ]),
  );
  return token;
}

/** Forgets a link whose e-mail was not sent, so that it does not count toward the address's limit. */
export async function dropLink(db: Db, token: string): Promise<void> {
  await db.write((tx) => tx.query('DELETE FROM data_links WHERE id = $1', [sha256(token)]));
}

/** Links sent to one address per hour at most (more asked for are silently not sent). */
const linksPerHour = 3;

/** The outbox source of a visitor's "Your data" link, and of the answer to their request. */
export const visitorMessage = { link: 'privacy-link', answer: 'privacy-answer' } as const;

/**
 * Queues a "Your data" link for `email` in the outbox, which sends it and retries it like every
 * message; the link itself is made when the e-mail is sent. Not queued while one for the address
 * waits (it will carry a fresh link), nor when linksPerHour links were sent to it in the last hour:
 * only a sent link counts, so a failed send uses up none of the visitor's attempts.
 */
export async function queueLink(db: Db, email: string, now: Date): Promise<boolean> {
  const rows = await db.write((tx) =>
    tx.query(
      `INSERT INTO outbox (source, ref_id, to_address, created_at)
     SELECT '${visitorMessage.link}', 0, $1, $2
     WHERE NOT EXISTS (SELECT 1 FROM outbox WHERE source = '${visitorMessage.link}' AND to_address = $1
                         AND sent_at IS NULL AND created_at > $3)
       AND (SELECT count(*) FROM data_links WHERE email = $1 AND expires_at > $4) < $5
     RETURNING id`,
      [
        email,
        now.toISOString(),
        new Date(now.getTime() - 3600_000).toISOString(),
        new Date(now.getTime() - 3600_000 + linkMinutes * 60_000).toISOString(),
        linksPerHour,
      ],
    ),
  );
  return rows.length > 0;
}

/** Queues the answer to a visitor's request (its text kept only until it is sent). */
export async function queueAnswer(db: Db, email: string, requestId: number, text: string): Promise<void> {
  await db.write((tx) =>
    tx.query(
      `INSERT INTO outbox (source, ref_id, to_address, detail) VALUES ('${visitorMessage.answer}', $1, $2, $3::jsonb)`,
      [requestId, email, JSON.stringify({ text })],
    ),
  );
}

/**
 * Uses a link once: its token is spent and a session secret (valid until the link's own expiry)
 * is returned with the address. Undefined for an unknown, used or expired token.
 */
export async function openLink(
  db: Db,
  token: string,
  now: Date,
): Promise<{ session: string; email: string; expiresAt: string } | undefined> {
  const session = randomBytes(32).toString('base64url');
  const rows = await db.write((tx) =>
    tx.query<Record<string, unknown>>(
      `UPDATE data_links SET used_at = $2, session_id = $3 WHERE id = $1 AND used_at IS NULL AND expires_at > $2
       RETURNING email, expires_at`,
      [sha256(token), now.toISOString(), sha256(session)],
    ),
  );
  const r = rows[0];
  return r ? { session, email: text(r.email), expiresAt: iso(r.expires_at) } : undefined;
}

/** The address an open session is for, while its link has not expired. */
export async function sessionEmail(db: Queryable, session: string, now: Date): Promise<string | undefined> {
  const rows = await db.query<{ email: string }>(
    'SELECT email FROM data_links WHERE session_id = $1 AND expires_at > $2',
    [sha256(session), now.toISOString()],
  );
  return rows[0]?.email;
}

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

function requestOf(r: Record<string, unknown>): DataRequest {
  return {
    id: int(r.id),
    kind: r.kind === 'erasure' ? 'erasure' : 'correction',
    subject: text(r.subject_hash),
    email: textOrNull(r.email),
    details: text(r.details),
    status: r.status === 'done' ? 'done' : r.status === 'refused' ? 'refused' : 'open',
    createdAt: iso(r.created_at),
    dueAt: iso(r.due_at),
    doneAt: isoOrNull(r.done_at),
    doneBy: textOrNull(r.done_by),
    outcome: text(r.outcome),
  };
}

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

/** The studio's owner, who reads the access log: the first staff account created. */
export async function isOwner(db: Queryable, staffId: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>('SELECT id FROM staff ORDER BY id LIMIT 1');
  return rows.length > 0 && int(rows[0]?.id) === staffId;
}
