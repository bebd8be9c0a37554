import { createHash } from 'node:crypto';
import { personOfForm } from '@/lib/forms/registry';
import type { PersonKey } from '@/lib/privacy/person';
import type { PersonRecord, PersonSubmission } from '@/lib/privacy/record';
import { certificatesOfRegistrations, statusOf } from '../certificates/certificates-store';
import type { Queryable } from '../store/db';
import type { Store } from '../store/store';
import { int, text, textOrNull, iso, isoOrNull, json, rowDecoder } from '../store/rows';
import { logAction } from './access-log-store';

/**
 * One person across every table: the submissions of every form with their history, their places on
 * waitlists, the payment claims made with their e-mail or phone or paying for their registrations,
 * the e-mail records of all these (outbox), and their own requests; and a staff member's correction
 * of one field. Erasure (erasure-store.ts), the access log, retention, the visitors' links and their
 * requests each have a store file of their own beside this one.
 */

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

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
export const senderKeys = (r: Record<string, unknown>): PersonKey[] => [
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

const submissionOf = rowDecoder<PersonSubmission>({
  form: text,
  id: int,
  payload: payloadOf,
  status: text,
  note: (v) => String(v ?? ''),
  noticeVersion: textOrNull,
  receivedAt: iso,
  history: () => [],
});

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
export function messageRefs(
  subs: ReadonlyArray<{ form: string; id: number }>,
  claimIds: readonly number[],
): Set<string> {
  return new Set([...subs.map((s) => `${s.form}:${s.id}`), ...claimIds.map((id) => `claim:${id}`)]);
}

export async function outboxRows(db: Queryable, refs: Set<string>): Promise<Record<string, unknown>[]> {
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
