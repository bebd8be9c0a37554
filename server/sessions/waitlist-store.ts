import type { Person } from '@/lib/forms/person';
import type { Db, Queryable, Tx } from '../store/db';
import { indiaTimeText } from '@/lib/sessions/choice';
import { canDo, stateOf } from '@/lib/registrations/lifecycle';
import { actionContext, factsOf, factsSql } from '../registrations/states-store';
import { registrantMailOn, WAITLIST_MAIL } from './sessions-store';

const iso = (value: unknown): string =>
  value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();

/**
 * How long an offer holds: `hours` from when it is made, but never past `closesMinutesBefore` the
 * session's start (an offer that could not be answered before then is not made).
 */
export interface OfferTerms {
  hours: number;
  closesMinutesBefore: number;
}

/** When an offer made at `now` for a session starting at `startsAt` lapses: the earlier of its hours and the close before the start. */
export function offerDeadline(now: Date, startsAt: Date, terms: OfferTerms): Date {
  return new Date(
    Math.min(now.getTime() + terms.hours * 3_600_000, startsAt.getTime() - terms.closesMinutesBefore * 60_000),
  );
}

/** Why a place on a waitlist was not given: no upcoming session or intake the sign-up names. */
export type JoinRefusal = 'no-session';

/** The session or intake a checked sign-up names (as the seat trigger finds it), locked for this transaction. */
async function namedSession(
  tx: Queryable,
  form: string,
  payload: Record<string, unknown>,
  now: Date,
): Promise<number | undefined> {
  const [row] =
    form === 'masterclass'
      ? await tx.query<{ id: number }>(
          `SELECT id FROM class_sessions WHERE kind = 'masterclass' AND status = 'scheduled' AND starts_at > $2
             AND label = $1 ORDER BY starts_at LIMIT 1 FOR UPDATE`,
          [String(payload.schedule ?? ''), now.toISOString()],
        )
      : await tx.query<{ id: number }>(
          `SELECT id FROM class_sessions WHERE kind = 'course' AND status = 'scheduled' AND starts_at > $2
             AND id = $1 FOR UPDATE`,
          [Number(payload.Intake ?? 0), now.toISOString()],
        );
  return row ? Number(row.id) : undefined;
}

/** The place of a waiting entry: 1 for the first person waiting in its session. */
async function placeOf(tx: Queryable, entryId: number): Promise<number> {
  const [row] = await tx.query<{ place: number }>(
    `SELECT count(*) AS place FROM waitlist o JOIN waitlist w ON w.session_id = o.session_id
     WHERE w.id = $1 AND o.status = 'waiting' AND (o.position, o.id) <= (w.position, w.id)`,
    [entryId],
  );
  return Number(row?.place ?? 0);
}

/**
 * Offers a session's free seats to the people waiting, first place first, in the caller's
 * transaction: the session's row is locked (as a sign-up's seat is taken), so concurrent callers on
 * any instance each see the seats the others offered. Each offer is a registration made from the
 * waiting sign-up, its seat held until its deadline (`offerDeadline`), and an e-mail queued. Resolves with the
 * number of offers made.
 */
async function offerFreeSeats(tx: Tx, sessionId: number, now: Date, terms: OfferTerms): Promise<number> {
  const [session] = await tx.query<{ capacity: number; label: string; kind: string; starts_at: unknown }>(
    `SELECT capacity, label, kind, starts_at FROM class_sessions WHERE id = $1 AND status = 'scheduled' AND starts_at > $2
     FOR UPDATE`,
    [sessionId, now.toISOString()],
  );
  if (!session) return 0;
  const deadline = offerDeadline(now, new Date(iso(session.starts_at)), terms);
  // Too close to the start for anyone to answer: those waiting keep their places.
  if (deadline.getTime() <= now.getTime()) return 0;
  const [held] = await tx.query<{ n: number }>('SELECT count(*) AS n FROM held_seats WHERE session_id = $1', [
    sessionId,
  ]);
  const free = Number(session.capacity) - Number(held?.n ?? 0);
  if (free <= 0) return 0;
  const waiting = await tx.query<{
    id: number;
    form: string;
    payload: unknown;
    name: string | null;
    email: string;
    phone: string | null;
  }>(
    `SELECT id, form, payload, name, email, phone FROM waitlist WHERE session_id = $1 AND status = 'waiting'
     ORDER BY position, id LIMIT $2 FOR UPDATE`,
    [sessionId, free],
  );
  if (waiting.length === 0) return 0;
  await tx.query("SELECT set_config('studio.offering', 'on', true)");
  const mail = await registrantMailOn(tx);
  const expires = deadline.toISOString();
  for (const entry of waiting) {
    const sent = (typeof entry.payload === 'string' ? JSON.parse(entry.payload) : entry.payload) as Record<
      string,
      unknown
    >;
    // The session as it is now (staff may have moved its time since the sign-up was sent).
    const payload =
      session.kind === 'masterclass' ? { ...sent, schedule: session.label } : { ...sent, Intake: String(sessionId) };
    const [registration] = await tx.query<{ id: number }>(
      `INSERT INTO form_submissions (form, payload, person_name, person_email, person_phone)
       VALUES ($1, $2::jsonb, $3, nullif($4, ''), $5) RETURNING id`,
      [entry.form, JSON.stringify(payload), entry.name, entry.email, entry.phone],
    );
    const [seat] = await tx.query<{ id: number }>('SELECT id FROM session_seats WHERE registration_id = $1', [
      Number(registration?.id),
    ]);
    if (!seat) throw new Error(`the offer to waitlist entry ${entry.id} made no seat`);
    // The offer is its own message: no acknowledgement of a registration they did not send now.
    await tx.query("DELETE FROM outbox WHERE source = 'reg-received' AND ref_id = $1", [Number(registration?.id)]);
    await tx.query(
      `UPDATE waitlist SET status = 'offered', registration_id = $2, offered_at = $3, offer_expires_at = $4
       WHERE id = $1`,
      [entry.id, Number(registration?.id), now.toISOString(), expires],
    );
    if (mail) {
      await tx.query(
        `INSERT INTO outbox (source, ref_id, to_address, detail)
         VALUES ('reg-offer', $1, $2, jsonb_build_object('sessionId', $3::int, 'expiresAt', $4::text))`,
        [Number(seat.id), entry.email, sessionId, expires],
      );
    }
  }
  await tx.query("SELECT set_config('studio.offering', 'off', true)");
  return waiting.length;
}

/** Offers a session's free seats to the people waiting (its own transaction, durable before it resolves). */
export async function refillSession(db: Db, sessionId: number, now: Date, terms: OfferTerms): Promise<number> {
  const offered = await db.write((tx) => offerFreeSeats(tx, sessionId, now, terms));
  return offered;
}

/**
 * Puts a checked sign-up (its form, payload and sender) on the waitlist of the session or intake it
 * names, last place, and offers it the seat at once when one is free and nobody waits before it.
 * One place per person (e-mail) per session, kept by the database: a person already waiting (or
 * offered a seat) keeps that place, and `already` says so. Resolves with its place (0 when it holds
 * an offer), or why it cannot wait.
 */
export async function joinWaitlist(
  db: Db,
  { form, payload, person }: { form: string; payload: Record<string, unknown>; person: Person },
  now: Date,
  terms: OfferTerms,
): Promise<{ place: number; entryId: number; already: boolean; expiresAt: string | null } | JoinRefusal> {
  const email = (person.email ?? '').trim().toLowerCase();
  const joined = await db.write(async (tx) => {
    const sessionId = await namedSession(tx, form, payload, now);
    if (sessionId === undefined) return 'no-session' as const;
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO waitlist (session_id, form, payload, name, email, phone, position, joined_at)
       VALUES ($1, $2, $3::jsonb, $4, $5, $6, (SELECT coalesce(max(position), 0) + 1 FROM waitlist WHERE session_id = $1), $7)
       ON CONFLICT (session_id, lower(email)) WHERE status IN ('waiting', 'offered') DO NOTHING
       RETURNING id`,
      [sessionId, form, JSON.stringify(payload), person.name, email, person.phone, now.toISOString()],
    );
    if (!row) {
      const [held] = await tx.query<{ id: number; offer_expires_at: unknown }>(
        `SELECT id, offer_expires_at FROM waitlist WHERE session_id = $1 AND lower(email) = $2
           AND status IN ('waiting', 'offered')`,
        [sessionId, email],
      );
      const entryId = Number(held?.id);
      const expiresAt = held?.offer_expires_at ? iso(held.offer_expires_at) : null;
      return { place: await placeOf(tx, entryId), entryId, already: true, expiresAt };
    }
    const entryId = Number(row.id);
    await offerFreeSeats(tx, sessionId, now, terms);
    const place = await placeOf(tx, entryId);
    // Still waiting (not offered the seat at once): they are told their place by e-mail too.
    if (place > 0 && (await registrantMailOn(tx))) {
      await tx.query(
        `INSERT INTO outbox (source, ref_id, to_address, detail)
         VALUES ('${WAITLIST_MAIL.joined}', $1, $2, jsonb_build_object('sessionId', $3::int, 'offerHours', $4::numeric))`,
        [entryId, email, sessionId, terms.hours],
      );
    }
    const [entry] = await tx.query<{ offer_expires_at: unknown }>(
      'SELECT offer_expires_at FROM waitlist WHERE id = $1',
      [entryId],
    );
    const expiresAt = entry?.offer_expires_at ? iso(entry.offer_expires_at) : null;
    return { place, entryId, already: false, expiresAt };
  });
  return joined;
}

/**
 * The periodic check: offers a payment was claimed for are taken; those unanswered at `now` lapse
 * (their seat released) and every session with people waiting has its free seats offered (a lapsed
 * offer's, an expired hold's). Each row changes once however many instances run it. Resolves with
 * the numbers of offers lapsed and made.
 */
export async function passOnOffers(db: Db, now: Date, terms: OfferTerms): Promise<{ lapsed: number; offered: number }> {
  const lapsed = await db.write(async (tx) => {
    await tx.query(
      `UPDATE waitlist w SET status = 'taken' WHERE status = 'offered' AND EXISTS (SELECT 1 FROM payment_claims c
         WHERE c.registration_id = w.registration_id AND c.status <> 'rejected')`,
    );
    // The offers due, each asked of the lifecycle (nothing claimed, nothing received); one whose
    // seat is gone already just ends.
    const due = await tx.query<Record<string, unknown>>(
      `SELECT x.*, c.kind, c.starts_at, c.duration_minutes, c.status FROM (${factsSql}) x
       JOIN waitlist w ON w.registration_id = x.registration_id JOIN class_sessions c ON c.id = x.session_id
       WHERE w.status = 'offered' AND w.offer_expires_at <= $1 FOR UPDATE OF w`,
      [now.toISOString()],
    );
    const lapses = (row: Record<string, unknown>) => {
      const session = {
        kind: row.kind === 'course' ? ('course' as const) : ('masterclass' as const),
        startsAt: new Date(String(row.starts_at)).toISOString(),
        durationMinutes: Number(row.duration_minutes),
        status: row.status === 'cancelled' ? ('cancelled' as const) : ('scheduled' as const),
      };
      return canDo(stateOf(factsOf(row)), 'lapse', actionContext(session, now, 0));
    };
    const ended = due.filter((row) => lapses(row) || row.cancelled === true).map((r) => Number(r.registration_id));
    const ids = due.filter(lapses).map((r) => Number(r.registration_id));
    await tx.query(
      `UPDATE waitlist SET status = 'lapsed' WHERE status = 'offered' AND registration_id = ANY($1::int[])`,
      [ended],
    );
    if (ids.length > 0) {
      await tx.query(
        'UPDATE session_seats SET cancelled_at = $2 WHERE registration_id = ANY($1::int[]) AND cancelled_at IS NULL',
        [ids, now.toISOString()],
      );
    }
    return ids.length;
  });
  const sessions = await db.query<{ session_id: number }>(
    `SELECT DISTINCT w.session_id FROM waitlist w JOIN class_sessions c ON c.id = w.session_id
     WHERE w.status = 'waiting' AND c.status = 'scheduled' AND c.starts_at > $1`,
    [now.toISOString()],
  );
  let offered = 0;
  for (const s of sessions) offered += await refillSession(db, Number(s.session_id), now, terms);
  return { lapsed, offered };
}

/** One person on a session's waitlist, as staff see it in the roster. */
export interface WaitlistRow {
  id: number;
  /** 1 for the first person waiting; null once offered (or after). */
  place: number | null;
  name: string;
  email: string;
  phone: string;
  joinedAt: string;
  status: 'waiting' | 'offered' | 'taken' | 'lapsed';
  offerExpiresAt: string | null;
}

/** A session's waitlist in its order: those waiting first (by place), then the offers made. */
export async function waitlistOf(db: Queryable, sessionId: number): Promise<WaitlistRow[]> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT * FROM waitlist WHERE session_id = $1 ORDER BY status <> 'waiting', position, id`,
    [sessionId],
  );
  let place = 0;
  return rows.map((r) => {
    const waiting = r.status === 'waiting';
    if (waiting) place += 1;
    return {
      id: Number(r.id),
      place: waiting ? place : null,
      name: String(r.name ?? ''),
      email: String(r.email),
      phone: String(r.phone ?? ''),
      joinedAt: iso(r.joined_at),
      status: r.status as WaitlistRow['status'],
      offerExpiresAt: r.offer_expires_at ? iso(r.offer_expires_at) : null,
    };
  });
}

/**
 * Moves a waiting person one place up or down their session's waitlist (swapping with the
 * neighbour, the waitlist locked through its session's row). Resolves false when they are not
 * waiting or already first (up) or last (down).
 */
export async function moveOnWaitlist(
  db: Db,
  sessionId: number,
  entryId: number,
  direction: 'up' | 'down',
): Promise<boolean> {
  const moved = await db.write(async (tx) => {
    await tx.query('SELECT id FROM class_sessions WHERE id = $1 FOR UPDATE', [sessionId]);
    const [entry] = await tx.query<{ position: number }>(
      "SELECT position FROM waitlist WHERE id = $1 AND session_id = $2 AND status = 'waiting'",
      [entryId, sessionId],
    );
    if (!entry) return false;
    const up = direction === 'up';
    const [other] = await tx.query<{ id: number; position: number }>(
      `SELECT id, position FROM waitlist WHERE session_id = $1 AND status = 'waiting' AND id <> $2
         AND (position, id) ${up ? '<' : '>'} ($3, $2) ORDER BY position ${up ? 'DESC' : 'ASC'}, id ${up ? 'DESC' : 'ASC'} LIMIT 1`,
      [sessionId, entryId, Number(entry.position)],
    );
    if (!other) return false;
    // Positions are distinct per session (each join takes the next), so a swap keeps them so.
    await tx.query('UPDATE waitlist SET position = $2 WHERE id = $1', [entryId, Number(other.position)]);
    await tx.query('UPDATE waitlist SET position = $2 WHERE id = $1', [Number(other.id), Number(entry.position)]);
    return true;
  });
  return moved;
}

/** The place on a waitlist of a registration's person (by e-mail) per session, for their own page. */
export async function waitingPlaces(
  db: Queryable,
  email: string,
): Promise<Array<{ sessionId: number; place: number }>> {
  const rows = await db.query<{ id: number; session_id: number }>(
    "SELECT id, session_id FROM waitlist WHERE email = $1 AND status = 'waiting' ORDER BY id",
    [email.trim().toLowerCase()],
  );
  const places: Array<{ sessionId: number; place: number }> = [];
  for (const r of rows) places.push({ sessionId: Number(r.session_id), place: await placeOf(db, Number(r.id)) });
  return places;
}

/** A waitlist entry as its messages need it: its session, its form, its status and place (0 unless waiting). */
export async function waitlistEntry(
  db: Queryable,
  entryId: number,
): Promise<{ sessionId: number; form: string; status: WaitlistRow['status']; place: number } | undefined> {
  const [row] = await db.query<{ session_id: number; form: string; status: string }>(
    'SELECT session_id, form, status FROM waitlist WHERE id = $1',
    [entryId],
  );
  if (!row) return undefined;
  const status = row.status as WaitlistRow['status'];
  return {
    sessionId: Number(row.session_id),
    form: String(row.form),
    status,
    place: status === 'waiting' ? await placeOf(db, entryId) : 0,
  };
}

/** The offer a registration was made from, while it holds: until when (for the registrant's page). */
export async function heldOffer(
  db: Queryable,
  registrationId: number,
): Promise<{ expiresAt: string; text: string } | null> {
  const [row] = await db.query<{ offer_expires_at: unknown }>(
    "SELECT offer_expires_at FROM waitlist WHERE registration_id = $1 AND status = 'offered'",
    [registrationId],
  );
  if (!row?.offer_expires_at) return null;
  const expiresAt = iso(row.offer_expires_at);
  return { expiresAt, text: indiaTimeText(expiresAt) };
}
