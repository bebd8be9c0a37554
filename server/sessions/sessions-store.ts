import { inputStartMs, sessionLabel, type SessionInput, type StaffSession } from '@/lib/sessions/session';
import { statusOf } from '../certificates/certificates-store';
import type { Db, Queryable, Tx } from '../store/db';
import { int, iso, isoOrNull, json, text, textOrNull } from '../store/rows';

/** A seat is paid when a claim for its registration is verified; claimed when one is pending or verified. */
const claimState = (status: string) => `EXISTS (SELECT 1 FROM payment_claims c
  WHERE c.registration_id = s.registration_id AND c.status ${status})`;

const verifiedSql = claimState("= 'verified'");

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
 * Masterclass sign-ups of the last 30 days that hold no seat: their schedule named no session in the
 * database (the spec's "Fri 2pm", sent where the page had no session list), with the schedules named.
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
  const [row] = await db.query<Record<string, unknown>>(`${sessionSelect} WHERE c.id = $1`, [id]);
  return row ? sessionOf(row) : undefined;
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
async function rescheduleReminders(tx: Tx, sessionId: number): Promise<void> {
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
  certificate: { serial: string; status: 'valid' | 'revoked' | 'withdrawn' } | null;
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
  return rows.map((r) => {
    const message = json<Record<string, unknown> | null>(r.message);
    return {
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

/** A registration's seat with its session and payment state. */
export interface SeatView {
  seatId: number;
  registrationId: number;
  /** The registration's form: masterclass, certification or diploma. */
  form: string;
  email: string;
  cancelledAt: string | null;
  joinedAt: string | null;
  claimed: boolean;
  verified: boolean;
  session: StaffSession;
  /** The seat's own random key, signed into its links. */
  linkKey: string;
  /** A seat from before links had keys: its links were signed without one. */
  legacyLinks: boolean;
}

const seatSelect = `SELECT s.id AS seat_id, s.registration_id, s.cancelled_at, s.joined_at, s.session_id, f.form,
    s.link_key, s.legacy_links,
    f.person_email AS email, ${claimState("<> 'rejected'")} AS claimed, ${verifiedSql} AS verified
  FROM session_seats s JOIN form_submissions f ON f.id = s.registration_id`;

async function seatOf(db: Queryable, r: Record<string, unknown> | undefined): Promise<SeatView | undefined> {
  if (!r) return undefined;
  const session = await getSession(db, int(r.session_id));
  if (!session) return undefined;
  return {
    seatId: int(r.seat_id),
    registrationId: int(r.registration_id),
    form: text(r.form),
    email: String(r.email ?? ''),
    cancelledAt: r.cancelled_at ? iso(r.cancelled_at) : null,
    joinedAt: r.joined_at ? iso(r.joined_at) : null,
    claimed: r.claimed === true,
    verified: r.verified === true,
    session,
    linkKey: text(r.link_key),
    legacyLinks: r.legacy_links === true,
  };
}

export async function seatById(db: Queryable, seatId: number): Promise<SeatView | undefined> {
  const [row] = await db.query<Record<string, unknown>>(`${seatSelect} WHERE s.id = $1`, [seatId]);
  return seatOf(db, row);
}

export async function seatOfRegistration(db: Queryable, registrationId: number): Promise<SeatView | undefined> {
  const [row] = await db.query<Record<string, unknown>>(`${seatSelect} WHERE s.registration_id = $1`, [registrationId]);
  return seatOf(db, row);
}

/** The form a registration was sent with and, for a course registration, its chosen courses; undefined when it is gone. */
export async function registrationOf(
  db: Queryable,
  registrationId: number,
): Promise<{ form: string; courses: string } | undefined> {
  const [row] = await db.query<{ form: string; courses: string | null }>(
    `SELECT form, payload ->> 'Courses' AS courses FROM form_submissions WHERE id = $1`,
    [registrationId],
  );
  return row ? { form: text(row.form), courses: String(row.courses ?? '') } : undefined;
}

/** Registrant messages sent to an address in the day before `now`, and when the oldest of them went. */
export async function sentToAddress(
  db: Queryable,
  address: string,
  now: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db.query<Record<string, unknown>>(
    `SELECT count(*) AS n, min(sent_at) AS oldest FROM outbox WHERE to_address = $1 AND source LIKE 'reg-%'
       AND sent_at > $2::timestamptz - interval '1 day' AND sent_at <= $2::timestamptz AND last_error NOT LIKE 'skipped:%'`,
    [address, now.toISOString()],
  );
  return { count: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(iso(row.oldest)) : null };
}

/** Records the first time a seat's join link opened the meeting. */
export async function markJoined(db: Db, seatId: number): Promise<void> {
  await db.write((tx) =>
    tx.query('UPDATE session_seats SET joined_at = coalesce(joined_at, now()) WHERE id = $1', [seatId]),
  );
}

/** Why a move was refused: the seat cannot move (cancelled, started, a course place), or that target cannot be taken. */
export type MoveRefusal = 'fixed' | 'gone' | 'full' | 'same';

/** A seat the registrant may still change: not cancelled, a masterclass seat, its session not started. */
const changeableSeat = `s.cancelled_at IS NULL AND EXISTS (SELECT 1 FROM class_sessions x
  WHERE x.id = s.session_id AND x.kind = 'masterclass' AND x.starts_at > $2)`;

/**
 * Moves a registrant's seat to another upcoming masterclass session with a seat left (that session's
 * row locked while its seats are counted, as a sign-up does), keeping the payment with it; a
 * verified registrant gets the old invitation cancelled and the new one sent.
 */
export async function moveSeat(db: Db, seatId: number, toSessionId: number, now: Date): Promise<MoveRefusal | 'moved'> {
  const outcome = await db.write(async (tx): Promise<MoveRefusal | 'moved'> => {
    const [seat] = await tx.query<Record<string, unknown>>(
      `${seatSelect} WHERE s.id = $1 AND ${changeableSeat} FOR UPDATE OF s`,
      [seatId, now.toISOString()],
    );
    if (!seat) return 'fixed';
    if (int(seat.session_id) === toSessionId) return 'same';
    const [target] = await tx.query<{ capacity: number }>(
      `SELECT capacity FROM class_sessions WHERE id = $1 AND kind = 'masterclass' AND status = 'scheduled'
         AND starts_at > $2 FOR UPDATE`,
      [toSessionId, now.toISOString()],
    );
    if (!target) return 'gone';
    const [count] = await tx.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM held_seats WHERE session_id = $1)
         + (SELECT count(*) FROM waitlist WHERE session_id = $1 AND status = 'waiting') AS n`,
      [toSessionId],
    );
    if (int(count?.n) >= int(target.capacity)) return 'full';
    const from = int(seat.session_id);
    await tx.query('UPDATE session_seats SET session_id = $2 WHERE id = $1', [seatId, toSessionId]);
    await tx.query(
      `UPDATE form_submissions SET payload = jsonb_set(payload, '{schedule}', to_jsonb(c.label))
       FROM class_sessions c WHERE c.id = $2 AND form_submissions.id = $1`,
      [int(seat.registration_id), toSessionId],
    );
    if (seat.verified === true && (await registrantMailOn(tx))) {
      await tx.query(
        `INSERT INTO outbox (source, ref_id, to_address, detail) VALUES
           ('reg-cancel', $1, $2, jsonb_build_object('sessionId', $3::int, 'moved', true)),
           ('reg-update', $1, $2, jsonb_build_object('sessionId', $4::int))`,
        [seatId, textOrNull(seat.email), from, toSessionId],
      );
      await rescheduleReminders(tx, toSessionId);
    }
    return 'moved';
  });
  return outcome;
}

/**
 * Cancels a registrant's seat (their own page) while it may still change (a masterclass seat whose
 * session has not started at `now`); a verified registrant's invitation is cancelled.
 */
export async function cancelSeat(db: Db, seatId: number, now: Date): Promise<boolean> {
  const done = await db.write(async (tx) => {
    const [seat] = await tx.query<Record<string, unknown>>(
      `UPDATE session_seats s SET cancelled_at = now() WHERE id = $1 AND ${changeableSeat}
       RETURNING s.id, s.session_id, ${verifiedSql} AS verified,
         (SELECT person_email FROM form_submissions f WHERE f.id = s.registration_id) AS email`,
      [seatId, now.toISOString()],
    );
    if (!seat) return false;
    if (seat.verified === true && (await registrantMailOn(tx))) {
      await tx.query(
        `INSERT INTO outbox (source, ref_id, to_address, detail)
         VALUES ('reg-cancel', $1, $2, jsonb_build_object('sessionId', $3::int, 'byRegistrant', true))`,
        [seatId, textOrNull(seat.email), int(seat.session_id)],
      );
    }
    return true;
  });
  return done;
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

/** A seat as the door sees it: whose it is, its payment, and whether (and by which scan) it was checked in. */
export interface DoorSeat {
  seatId: number;
  sessionId: number;
  linkKey: string;
  name: string;
  payment: 'verified' | 'claimed' | 'none';
  cancelled: boolean;
  checkedInAt: string | null;
  checkedInScan: string | null;
}

const doorSelect = `SELECT s.id, s.session_id, s.link_key, s.cancelled_at, s.checked_in_at, s.checked_in_scan,
    coalesce(f.person_name, '') AS name,
    ${verifiedSql} AS verified, ${claimState("= 'pending'")} AS claimed
  FROM session_seats s JOIN form_submissions f ON f.id = s.registration_id`;

const doorSeatOf = (r: Record<string, unknown>): DoorSeat => ({
  seatId: int(r.id),
  sessionId: int(r.session_id),
  linkKey: text(r.link_key),
  name: text(r.name),
  payment: r.verified === true ? 'verified' : r.claimed === true ? 'claimed' : 'none',
  cancelled: r.cancelled_at !== null && r.cancelled_at !== undefined,
  checkedInAt: isoOrNull(r.checked_in_at),
  checkedInScan: textOrNull(r.checked_in_scan),
});

export async function doorSeat(db: Queryable, seatId: number): Promise<DoorSeat | undefined> {
  const [row] = await db.query<Record<string, unknown>>(`${doorSelect} WHERE s.id = $1`, [seatId]);
  return row ? doorSeatOf(row) : undefined;
}

/** Every seat of a session, cancelled ones too (a short code typed at the door is looked for among them). */
export async function doorSeatsOf(db: Queryable, sessionId: number): Promise<DoorSeat[]> {
  const rows = await db.query<Record<string, unknown>>(`${doorSelect} WHERE s.session_id = $1 ORDER BY s.id`, [
    sessionId,
  ]);
  return rows.map(doorSeatOf);
}

/**
 * Checks a seat of a session in at `at`, once: only a seat of that session, not cancelled and not
 * checked in yet is changed (in one statement, so two phones scanning the same ticket at once count
 * it once). Resolves with the seat as it is afterwards; its `checkedInScan` tells which scan did it.
 */
export async function checkInSeat(
  db: Db,
  seatId: number,
  sessionId: number,
  scanId: string,
  at: Date,
): Promise<DoorSeat | undefined> {
  await db.write((tx) =>
    tx.query(
      `UPDATE session_seats SET checked_in_at = $4, checked_in_scan = $3
       WHERE id = $1 AND session_id = $2 AND cancelled_at IS NULL AND checked_in_at IS NULL`,
      [seatId, sessionId, scanId, at.toISOString()],
    ),
  );
  return doorSeat(db, seatId);
}

/** Releases the seat a registration holds (a refund gives it up), inside the caller's transaction. */
export async function releaseSeatOf(tx: Tx, registrationId: number): Promise<void> {
  await tx.query('UPDATE session_seats SET cancelled_at = now() WHERE registration_id = $1 AND cancelled_at IS NULL', [
    registrationId,
  ]);
}
