import { type Stage, stateWords } from '@/lib/registrations/lifecycle';
import { priceReceivedSql, statesOfSession } from '../registrations/states-store';
import { inputStartMs, sessionLabel, type SessionInput, type StaffSession } from '@/lib/sessions/session';
import { type CertificateStatus, statusOf } from '../certificates/certificates-store';
import type { Db, Queryable, Tx } from '../store/db';
import { firstRow, int, iso, isoOrNull, json, text, textOrNull } from '../store/rows';

/** Whether a claim for seat `s`'s registration has a status (`<> 'rejected'`: claimed, pending or verified). */
export const claimState = (status: string) => `EXISTS (SELECT 1 FROM payment_claims c
  WHERE c.registration_id = s.registration_id AND c.status ${status})`;

/** Seat `s` is paid when its price is fully received, as the lifecycle says (part of it is not). */
export const verifiedSql = priceReceivedSql('s.registration_id');

/** A session with its seats held and its people waiting (a freed seat is theirs, not a new sign-up's). */
const sessionSelect = `SELECT c.*, (SELECT count(*) FROM held_seats h WHERE h.session_id = c.id) AS taken,
    (SELECT count(*) FROM waitlist w WHERE w.session_id = c.id AND w.status = 'waiting') AS waiting
  FROM class_sessions c`;

function sessionOf(r: Record<string, unknown>): StaffSession {
  const capacity = int(r.capacity);
  const taken = Number(r.taken ?? 0);
  const waiting = Number(r.waiting ?? 0);
  const kind = r.kind === 'course' ? 'course' : 'masterclass';
  return {
    id: int(r.id),
    kind,
    title: text(r.title),
    label: text(r.label),
    startsAt: iso(r.starts_at),
    durationMinutes: int(r.duration_minutes),
    mode: r.mode === 'offline' ? 'offline' : 'online',
    location: text(r.location),
    capacity,
    taken,
    seatsLeft: Math.max(0, capacity - taken - waiting),
    waiting,
    meetingUrl: text(r.meeting_url),
    status: r.status === 'cancelled' ? 'cancelled' : 'scheduled',
    sequence: int(r.sequence),
  };
}

/** Scheduled sessions that have not started at `now`, earliest first. */
export async function upcomingSessions(db: Queryable, now: Date): Promise<StaffSession[]> {
  const rows = await db.query<Record<string, unknown>>(
    `${sessionSelect} WHERE c.status = 'scheduled' AND c.starts_at > $1 ORDER BY c.starts_at, c.id`,
    [now.toISOString()],
  );
  return rows.map(sessionOf);
}

/** Every session of the last 30 days and after, for staff, earliest first. */
export async function staffSessions(db: Queryable, now: Date): Promise<StaffSession[]> {
  const rows = await db.query<Record<string, unknown>>(
    `${sessionSelect} WHERE c.starts_at > $1::timestamptz - interval '30 days' ORDER BY c.starts_at, c.id`,
    [now.toISOString()],
  );
  return rows.map(sessionOf);
}

/** The columns staff set on a session or intake, in the order the insert and the update name them (title … location). */
const editableColumns = (input: SessionInput, start: number) => [
  input.title,
  sessionLabel(start),
  new Date(start).toISOString(),
  input.durationMinutes,
  input.capacity,
  input.mode,
  input.meetingUrl,
  input.location,
];

/**
 * Masterclass sign-ups of the last 30 days that hold no seat, with the schedules they named: only
 * those stored before a sign-up had to name an upcoming session (the spec's "Fri 2pm", sent where
 * the page had no session list); the service now refuses such a sign-up.
 */
export async function unseatedSignUps(db: Queryable): Promise<{ count: number; schedules: string[] }> {
  const rows = await db.query<{ schedule: string; n: number }>(
    `SELECT f.payload ->> 'schedule' AS schedule, count(*) AS n FROM form_submissions f
     WHERE f.form = 'masterclass' AND f.received_at > now() - interval '30 days'
       AND NOT EXISTS (SELECT 1 FROM session_seats s WHERE s.registration_id = f.id)
     GROUP BY 1 ORDER BY 1`,
  );
  return {
    count: rows.reduce((sum, r) => sum + int(r.n), 0),
    schedules: rows.map((r) => String(r.schedule ?? '')),
  };
}

export async function getSession(db: Queryable, id: number): Promise<StaffSession | undefined> {
  return firstRow(db, `${sessionSelect} WHERE c.id = $1`, [id], sessionOf);
}

export async function createSession(db: Db, input: SessionInput): Promise<StaffSession> {
  const start = inputStartMs(input);
  const [row] = await db.write((tx) =>
    tx.query<{ id: number }>(
      `INSERT INTO class_sessions (kind, title, label, starts_at, duration_minutes, capacity, mode, meeting_url, location)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [input.kind, ...editableColumns(input, start)],
    ),
  );
  const created = await getSession(db, int(row?.id));
  if (!created) throw new Error('the new session is gone');
  return created;
}

/**
 * The outbox sources of the messages to a person waiting (their `ref_id` is the waitlist entry's id):
 * their place when they join, and the end of their place when staff cancel the session.
 */
export const WAITLIST_MAIL = { joined: 'reg-waitlist', cancelled: 'reg-waitlist-cancel' } as const;

/** Registrant messages are queued only while the server sends them (SMTP_URL and a sender set). */
export async function registrantMailOn(tx: Queryable): Promise<boolean> {
  const [row] = await tx.query<{ on: boolean }>('SELECT registrant_enabled AS on FROM outbox_config');
  return row?.on === true;
}

/** Queues one registrant message per seat of a session (those `where` picks), with the session in its detail. */
async function queueForSeats(tx: Tx, source: string, sessionId: number, where: string): Promise<void> {
  if (!(await registrantMailOn(tx))) return;
  await tx.query(
    `INSERT INTO outbox (source, ref_id, to_address, detail)
     SELECT $1, s.id, f.person_email, jsonb_build_object('sessionId', s.session_id)
     FROM session_seats s JOIN form_submissions f ON f.id = s.registration_id
     WHERE s.session_id = $2 AND s.cancelled_at IS NULL AND ${where}`,
    [source, sessionId],
  );
}

/**
 * Sets the reminders of a session's verified seats to its (new) start: the unsent ones are replaced
 * by those whose time is still ahead, a day and an hour before.
 */
export async function rescheduleReminders(tx: Tx, sessionId: number): Promise<void> {
  await tx.query(
    `DELETE FROM outbox o USING session_seats s
     WHERE o.ref_id = s.id AND s.session_id = $1 AND o.sent_at IS NULL
       AND o.source IN ('reg-reminder-24h', 'reg-reminder-1h')`,
    [sessionId],
  );
  if (!(await registrantMailOn(tx))) return;
  await tx.query(
    `INSERT INTO outbox (source, ref_id, to_address, detail, next_at)
     SELECT r.source, s.id, f.person_email, jsonb_build_object('sessionId', s.session_id), r.at
     FROM session_seats s JOIN form_submissions f ON f.id = s.registration_id
       JOIN class_sessions c ON c.id = s.session_id
       CROSS JOIN LATERAL (VALUES ('reg-reminder-24h', c.starts_at - interval '24 hours'),
                                  ('reg-reminder-1h', c.starts_at - interval '1 hour')) AS r (source, at)
     WHERE s.session_id = $1 AND s.cancelled_at IS NULL AND ${verifiedSql} AND r.at > now()`,
    [sessionId],
  );
}

/**
 * Changes a session. A change people plan around (the start, the duration, the location) raises its
 * calendar SEQUENCE, moves the reminders and sends the update to everyone whose payment is verified.
 * Resolves with the session, or undefined when there is none (or it was cancelled).
 */
export async function updateSession(db: Db, id: number, input: SessionInput): Promise<StaffSession | undefined> {
  const start = inputStartMs(input);
  const changed = await db.write(async (tx) => {
    const [before] = await tx.query<Record<string, unknown>>(
      "SELECT * FROM class_sessions WHERE id = $1 AND status = 'scheduled' FOR UPDATE",
      [id],
    );
    if (!before) return undefined;
    const moved =
      iso(before.starts_at) !== new Date(start).toISOString() ||
      int(before.duration_minutes) !== input.durationMinutes ||
      text(before.location) !== input.location;
    await tx.query(
      `UPDATE class_sessions SET title = $2, label = $3, starts_at = $4, duration_minutes = $5, capacity = $6,
         mode = $7, meeting_url = $8, location = $9, sequence = sequence + $10, updated_at = now() WHERE id = $1`,
      [id, ...editableColumns(input, start), moved ? 1 : 0],
    );
    if (moved) {
      await rescheduleReminders(tx, id);
      await queueForSeats(tx, 'reg-update', id, verifiedSql);
    }
    return true;
  });
  return changed ? getSession(db, id) : undefined;
}

/**
 * Cancels a session and tells everyone holding a seat in it (those verified get METHOD:CANCEL) and
 * everyone waiting for one (their places end: 'lapsed').
 */
export async function cancelSession(db: Db, id: number): Promise<StaffSession | undefined> {
  const done = await db.write(async (tx) => {
    const rows = await tx.query(
      `UPDATE class_sessions SET status = 'cancelled', sequence = sequence + 1, updated_at = now()
       WHERE id = $1 AND status = 'scheduled' RETURNING id`,
      [id],
    );
    if (rows.length === 0) return false;
    await queueForSeats(tx, 'reg-cancel', id, 'true');
    // The people waiting are told their place is withdrawn; every entry of the waitlist ends.
    if (await registrantMailOn(tx)) {
      await tx.query(
        `INSERT INTO outbox (source, ref_id, to_address, detail)
         SELECT '${WAITLIST_MAIL.cancelled}', id, email, jsonb_build_object('sessionId', session_id)
         FROM waitlist WHERE session_id = $1 AND status = 'waiting'`,
        [id],
      );
    }
    await tx.query("UPDATE waitlist SET status = 'lapsed' WHERE session_id = $1 AND status IN ('waiting', 'offered')", [
      id,
    ]);
    return true;
  });
  return done ? getSession(db, id) : undefined;
}

/** One registrant of a session's roster, with the state of their payment, their link and their mail. */
export interface RosterRow {
  seatId: number;
  registrationId: number;
  name: string;
  email: string;
  phone: string;
  registeredAt: string;
  claimed: boolean;
  verified: boolean;
  joinedAt: string | null;
  /** When door staff checked the seat in (offline sessions and intakes). */
  checkedInAt: string | null;
  cancelledAt: string | null;
  /** The seat's certificate, if one was issued: its serial and standing. */
  certificate: { serial: string; status: CertificateStatus } | null;
  /** Its stage in the registration's life, and that in staff's words (lib/registrations/lifecycle.ts). */
  stage: Stage;
  stageText: string;
  /** The newest registrant message: its kind, and whether it went (with the last error). */
  lastMessage: { kind: string; sentAt: string | null; error: string } | null;
}

/** A roster row's certificate, from its JSON. */
function certificateOf(value: unknown): RosterRow['certificate'] {
  const c = (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, unknown> | null;
  if (!c) return null;
  return {
    serial: String(c.serial),
    status: statusOf({
      revokedAt: c.revoked_at ? String(c.revoked_at) : null,
      withdrawnAt: c.withdrawn_at ? String(c.withdrawn_at) : null,
    }),
  };
}

export async function roster(db: Queryable, sessionId: number): Promise<RosterRow[]> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT s.*, f.person_name, f.person_email, f.person_phone, f.received_at, ${claimState("<> 'rejected'")} AS claimed, ${verifiedSql} AS verified,
       (SELECT row_to_json(o) FROM (SELECT source, sent_at, last_error FROM outbox
          WHERE ref_id = CASE WHEN source = 'reg-received' THEN s.registration_id ELSE s.id END
            AND source LIKE 'reg-%' AND source NOT LIKE 'reg-waitlist%' AND (next_at <= now() OR last_error LIKE 'waiting:%')
            AND last_error NOT LIKE 'skipped:%'
          ORDER BY id DESC LIMIT 1) o) AS message,
       (SELECT row_to_json(x) FROM (SELECT serial, revoked_at, withdrawn_at FROM certificates
          WHERE seat_id = s.id) x) AS certificate
     FROM session_seats s JOIN form_submissions f ON f.id = s.registration_id
     WHERE s.session_id = $1 ORDER BY s.id`,
    [sessionId],
  );
  const states = await statesOfSession(db, sessionId);
  return rows.map((r) => {
    const message = json<Record<string, unknown> | null>(r.message);
    const state = states.get(int(r.registration_id));
    return {
      stage: state?.stage ?? 'cancelled',
      stageText: state ? stateWords(state, 'staff') : 'cancelled',
      seatId: int(r.id),
      registrationId: int(r.registration_id),
      name: textOrNull(r.person_name) ?? '',
      email: textOrNull(r.person_email) ?? '',
      phone: textOrNull(r.person_phone) ?? '',
      registeredAt: iso(r.received_at),
      claimed: r.claimed === true,
      verified: r.verified === true,
      joinedAt: r.joined_at ? iso(r.joined_at) : null,
      checkedInAt: isoOrNull(r.checked_in_at),
      cancelledAt: r.cancelled_at ? iso(r.cancelled_at) : null,
      certificate: certificateOf(r.certificate),
      lastMessage: message
        ? {
            kind: String(message.source).replace(/^reg-/, ''),
            sentAt: message.sent_at ? iso(message.sent_at) : null,
            error: String(message.last_error ?? ''),
          }
        : null,
    };
  });
}

/** The server's secret for registrants' links, made on first use and kept in the database. */
export async function registrantSecret(db: Db, fresh: string): Promise<string> {
  await db.write((tx) =>
    tx.query("INSERT INTO app_secrets (name, value) VALUES ('registrant-links', $1) ON CONFLICT DO NOTHING", [fresh]),
  );
  const [row] = await db.query<{ value: string }>("SELECT value FROM app_secrets WHERE name = 'registrant-links'");
  return text(row?.value);
}

/**
 * Moves every id sequence above the seconds since 2026 when this database holds rows written in
 * another (a restore, or a move to PostgreSQL): see migration 15. Resolves with whether it did.
 */
export async function keepIdsAboveRestores(db: Db): Promise<boolean> {
  const [row] = await db.write((tx) => tx.query<{ moved: boolean }>('SELECT keep_ids_above_restores() AS moved'));
  return row?.moved === true;
}
