import type { StaffSession } from '@/lib/sessions/session';
import type { Db, Queryable, Tx } from '../store/db';
import { firstRow, int, iso, isoOrNull, text, textOrNull } from '../store/rows';
import { claimState, getSession, registrantMailOn, rescheduleReminders, verifiedSql } from './sessions-store';

/** Seats: a registration's place in a session, its moves and cancellations, and the door's check-in. */

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

/** Records the first time (`at`, inside the session's window) a seat's join link opened the meeting. */
export async function markJoined(db: Db, seatId: number, at: Date): Promise<void> {
  await db.write((tx) =>
    tx.query('UPDATE session_seats SET joined_at = coalesce(joined_at, $2) WHERE id = $1', [seatId, at.toISOString()]),
  );
}

/** Why staff could not mark a registration's attendance by hand. */
export type HandRefusal = 'no-seat' | 'cancelled' | 'already' | 'early';

/**
 * Staff mark a registration's attendance of a session by hand (a ticket that would not scan, a
 * registrant without their phone), with the reason: the seat is checked in at `at` but never
 * before the session's door opens nor after its end (`window`), keeps who marked it and why, and
 * the access log holds the entry, in the same transaction.
 */
export async function markAttendedByHand(
  db: Db,
  opts: {
    sessionId: number;
    registrationId: number;
    by: string;
    reason: string;
    at: Date;
    window: { opensMs: number; endsMs: number };
    log: (tx: Tx, email: string) => Promise<void>;
  },
): Promise<HandRefusal | 'marked'> {
  if (opts.at.getTime() < opts.window.opensMs) return 'early';
  const at = new Date(Math.min(opts.at.getTime(), opts.window.endsMs)).toISOString();
  const outcome = await db.write(async (tx): Promise<HandRefusal | 'marked'> => {
    const [seat] = await tx.query<Record<string, unknown>>(
      `SELECT s.id, s.cancelled_at, s.checked_in_at, s.joined_at, f.person_email AS email FROM session_seats s
       JOIN form_submissions f ON f.id = s.registration_id
       WHERE s.registration_id = $1 AND s.session_id = $2 FOR UPDATE OF s`,
      [opts.registrationId, opts.sessionId],
    );
    if (!seat) return 'no-seat';
    if (seat.cancelled_at) return 'cancelled';
    // Attendance is recorded once: checked in at the door, or joined by the link.
    if (seat.checked_in_at || seat.joined_at) return 'already';
    await tx.query(
      `UPDATE session_seats SET checked_in_at = $2, checked_in_scan = 'by-hand', attendance_by = $3,
         attendance_reason = $4 WHERE id = $1`,
      [int(seat.id), at, opts.by, opts.reason],
    );
    await opts.log(tx, String(seat.email ?? ''));
    return 'marked';
  });
  return outcome;
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
  return firstRow(db, `${doorSelect} WHERE s.id = $1`, [seatId], doorSeatOf);
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
