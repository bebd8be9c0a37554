import { randomBytes } from 'node:crypto';
import type { Db, Queryable, Tx } from '../store/db';
import { certifyRefusal, stateOf } from '@/lib/registrations/lifecycle';
import { actionContext, factsOf, factsSql } from '../registrations/states-store';
import { firstRow, int, iso, isoOrNull, text, textOrNull, rowDecoder } from '../store/rows';

/** A certificate as it was issued, and what became of it since. */
export interface Certificate {
  id: number;
  serial: string;
  seatId: number;
  registrationId: number;
  kind: 'completion' | 'participation';
  studioName: string;
  /** Empty once withdrawn at the holder's request (erasure). */
  holderName: string;
  course: string;
  startsAt: string;
  endsAt: string;
  issuedAt: string;
  issuedBy: string;
  revokedAt: string | null;
  revokeReason: string | null;
  withdrawnAt: string | null;
  /**
   * Whether it stands by the rules: its registration paid and attended inside the session's own
   * time, and it was issued once the session or intake had ended (false for one issued against them).
   */
  earned: boolean;
}

/** A certificate's standing on the verification page. */
export type CertificateStatus = 'valid' | 'revoked' | 'withdrawn' | 'not-valid';

export const statusOf = (
  c: Pick<Certificate, 'revokedAt' | 'withdrawnAt'> & { earned?: boolean },
): CertificateStatus =>
  c.withdrawnAt ? 'withdrawn' : c.revokedAt ? 'revoked' : c.earned === false ? 'not-valid' : 'valid';

/**
 * The rules of a certificate of completion, as SQL over a seat `s` of session `x` (the lifecycle's
 * `certify` guard, lib/registrations/lifecycle.ts, read back for a certificate issued): the price
 * fully received (its invoice, issued when it was), attended inside the session's own time (the door open `$opens` minutes before the start,
 * until the end), and the session ended by `endedBy`.
 */
const certifiableSql = (opens: string, endedBy: string) => `(s.cancelled_at IS NULL
  AND EXISTS (SELECT 1 FROM invoices i WHERE i.registration_id = s.registration_id AND NOT i.issued_twice)
  AND coalesce(s.checked_in_at, s.joined_at) IS NOT NULL
  AND coalesce(s.checked_in_at, s.joined_at) BETWEEN x.starts_at - make_interval(mins => ${opens}::int)
    AND x.starts_at + make_interval(mins => x.duration_minutes)
  AND ${endedBy} >= x.starts_at + make_interval(mins => x.duration_minutes))`;

/** Every certificate column, and whether it was earned by the rules (`$opens`: the door's minutes before the start). */
const certificateSelect = (opens: string) => `SELECT c.*, EXISTS (SELECT 1 FROM session_seats s
    JOIN class_sessions x ON x.id = s.session_id
    WHERE s.id = c.seat_id AND ${certifiableSql(opens, 'c.issued_at')}) AS earned
  FROM certificates c`;

const certificateOf = rowDecoder<Certificate>({
  id: int,
  serial: text,
  seatId: int,
  registrationId: int,
  kind: (v) => (v === 'completion' ? 'completion' : 'participation'),
  studioName: text,
  holderName: text,
  course: text,
  startsAt: iso,
  endsAt: iso,
  issuedAt: iso,
  issuedBy: text,
  revokedAt: isoOrNull,
  revokeReason: textOrNull,
  withdrawnAt: isoOrNull,
  earned: (v) => v === true,
});

/** Crockford's base32: no I, L, O or U, so a serial read aloud or typed is not mistaken. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new serial: "CERT-2026-" and 10 random characters (50 bits: not to be found by trying). */
export function newSerial(now: Date, bytes: Buffer = randomBytes(10)): string {
  const random = [...bytes].map((b) => ALPHABET[b % 32]).join('');
  return `CERT-${now.getUTCFullYear()}-${random}`;
}

/** A serial as someone may type it: trimmed, upper-cased; undefined when it cannot be one. */
export function normalSerial(typed: string): string | undefined {
  const serial = typed.trim().toUpperCase();
  return /^[A-Z]{4}-[0-9]{4}-[0-9A-Z]{10}$/.test(serial) ? serial : undefined;
}

/** The minutes before a session's start its door opens, when none is given (CHECK_IN_OPENS_MINUTES' default). */
const DEFAULT_CHECK_IN_OPENS_MINUTES = 60;

/** The certificate whose `column` holds `value`, its standing read with the door opening `opensMinutes` before a start. */
function certificateWhere(
  db: Queryable,
  column: 'c.serial' | 'c.seat_id',
  value: string | number,
  opensMinutes: number,
): Promise<Certificate | undefined> {
  return firstRow(db, `${certificateSelect('$2')} WHERE ${column} = $1`, [value, opensMinutes], certificateOf);
}

export const certificateBySerial = (db: Queryable, serial: string, opensMinutes = DEFAULT_CHECK_IN_OPENS_MINUTES) =>
  certificateWhere(db, 'c.serial', serial, opensMinutes);

export const certificateOfSeat = (db: Queryable, seatId: number, opensMinutes = DEFAULT_CHECK_IN_OPENS_MINUTES) =>
  certificateWhere(db, 'c.seat_id', seatId, opensMinutes);

/** The certificates of registrations (a person's, for their page and their data export). */
export async function certificatesOfRegistrations(
  db: Queryable,
  ids: readonly number[],
  opensMinutes = DEFAULT_CHECK_IN_OPENS_MINUTES,
): Promise<Certificate[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<Record<string, unknown>>(
    `${certificateSelect('$2')} WHERE c.registration_id = ANY($1::int[]) ORDER BY c.id`,
    [[...ids], opensMinutes],
  );
  return rows.map(certificateOf);
}

/** Which seats of a session to certify: those named (by registration), or all who attended. */
export type CertifyWhom = { registrations: readonly number[] } | { attended: true };

/** Why a registration chosen for a certificate got none. */
export type SkipReason = 'no-seat' | 'not-ended' | 'not-attended' | 'not-paid';

export interface IssueOutcome {
  /** The certificates of the chosen seats: new ones and those issued before (issuing is idempotent). */
  certificates: Certificate[];
  issued: number;
  /** Registrations named that hold no seat of this session (or a cancelled one): nothing issued for them. */
  refused: number[];
  /** Registrations chosen that get no certificate by the rules, each with why. */
  skipped: Array<{ registrationId: number; reason: SkipReason }>;
}

/**
 * Issues a certificate to each chosen seat of a session that earned one and has none (a seat that
 * has one keeps it): paid, attended inside the session's own time, the session or intake ended at
 * `now`. The others are skipped, each with why. Queues each new certificate's e-mail when
 * registrant mail is on. An intake's seats get a certificate of completion, a masterclass's one of
 * participation; each shows the name as registered and the studio's name as they are now.
 */
export async function issueCertificates(
  db: Db,
  sessionId: number,
  whom: CertifyWhom,
  opts: { by: string; studioName: string; now: Date; opensMinutes: number; serial?: (now: Date) => string },
): Promise<IssueOutcome> {
  const serial = opts.serial ?? newSerial;
  const outcome = await db.write(async (tx) => {
    const chosen =
      'attended' in whom
        ? 's.joined_at IS NOT NULL OR s.checked_in_at IS NOT NULL'
        : 's.registration_id = ANY($2::int[])';
    const seats = await tx.query<Record<string, unknown>>(
      `SELECT s.id, s.registration_id, f.person_name AS name, f.person_email AS email, x.kind, x.title, x.label,
         x.starts_at, x.duration_minutes
       FROM session_seats s JOIN form_submissions f ON f.id = s.registration_id
       JOIN class_sessions x ON x.id = s.session_id
       WHERE s.session_id = $1 AND s.cancelled_at IS NULL AND (${chosen})
       ORDER BY s.id FOR UPDATE OF s`,
      [sessionId, ...('attended' in whom ? [] : [[...whom.registrations]])],
    );
    // Each seat's state by the lifecycle: its `certify` guard decides (paid means the price fully received).
    const facts = await tx.query<Record<string, unknown>>(`${factsSql} WHERE s.id = ANY($1::int[])`, [
      seats.map((s) => Number(s.id)),
    ]);
    const states = new Map(facts.map((r) => [Number(r.seat_id), stateOf(factsOf(r))]));
    const [mail] = await tx.query<{ on: boolean }>('SELECT registrant_enabled AS on FROM outbox_config');
    let issued = 0;
    const skipped: IssueOutcome['skipped'] = [];
    const earned = [];
    for (const seat of seats) {
      const registrationId = Number(seat.registration_id);
      const state = states.get(Number(seat.id));
      const context = actionContext(
        {
          kind: seat.kind === 'course' ? 'course' : 'masterclass',
          startsAt: iso(seat.starts_at),
          durationMinutes: Number(seat.duration_minutes),
          status: 'scheduled',
        },
        opts.now,
        opts.opensMinutes,
      );
      const refusal = !state ? 'cancelled' : state.stage === 'certified' ? undefined : certifyRefusal(state, context);
      if (refusal) {
        skipped.push({ registrationId, reason: refusal === 'cancelled' ? 'no-seat' : refusal });
        continue;
      }
      earned.push(seat);
      const course = seat.kind === 'course';
      const startsAt = iso(seat.starts_at);
      const ends = Date.parse(startsAt) + Number(seat.duration_minutes) * 60_000;
      const inserted = await tx.query<{ id: number }>(
        `INSERT INTO certificates (serial, seat_id, registration_id, kind, studio_name, holder_name, course,
           starts_at, ends_at, issued_at, issued_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (seat_id) DO NOTHING RETURNING id`,
        [
          serial(opts.now),
          seat.id,
          registrationId,
          course ? 'completion' : 'participation',
          opts.studioName,
          String(seat.name ?? ''),
          course ? String(seat.title) || 'Course' : 'Music Production Masterclass',
          startsAt,
          new Date(ends).toISOString(),
          opts.now.toISOString(),
          opts.by,
        ],
      );
      if (inserted.length === 0) continue;
      issued += 1;
      if (mail?.on && typeof seat.email === 'string' && seat.email.includes('@')) {
        await tx.query("INSERT INTO outbox (source, ref_id, to_address) VALUES ('reg-certificate', $1, $2)", [
          seat.id,
          seat.email,
        ]);
      }
    }
    const rows = await tx.query<Record<string, unknown>>(
      `${certificateSelect('$2')} WHERE c.seat_id = ANY($1::int[]) ORDER BY c.seat_id`,
      [earned.map((s) => Number(s.id)), opts.opensMinutes],
    );
    const found = new Set(seats.map((s) => Number(s.registration_id)));
    const refused = 'attended' in whom ? [] : whom.registrations.filter((id) => !found.has(id));
    return { certificates: rows.map(certificateOf), issued, refused, skipped };
  });
  return outcome;
}

/** Revokes a certificate (staff, with the reason); false when there is none by that serial or it is already revoked or withdrawn. */
export async function revokeCertificate(
  db: Db,
  serial: string,
  opts: { by: string; reason: string; now: Date },
): Promise<boolean> {
  const rows = await db.write((tx) =>
    tx.query(
      `UPDATE certificates SET revoked_at = $2, revoked_by = $3, revoke_reason = $4
       WHERE serial = $1 AND revoked_at IS NULL AND withdrawn_at IS NULL RETURNING id`,
      [serial, opts.now.toISOString(), opts.by, opts.reason],
    ),
  );
  return rows.length > 0;
}

/**
 * Erasure: the certificates of erased registrations are withdrawn and their holder's name removed
 * (the serial stays, so the verification page can say it was withdrawn at the holder's request).
 * Resolves with how many were withdrawn.
 */
export async function withdrawCertificates(tx: Tx, registrationIds: readonly number[]): Promise<number> {
  if (registrationIds.length === 0) return 0;
  const rows = await tx.query(
    `UPDATE certificates SET holder_name = '', withdrawn_at = coalesce(withdrawn_at, now())
     WHERE registration_id = ANY($1::int[]) AND (withdrawn_at IS NULL OR holder_name <> '') RETURNING id`,
    [[...registrationIds]],
  );
  return rows.length;
}
