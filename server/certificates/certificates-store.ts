import { randomBytes } from 'node:crypto';
import type { Db, Queryable, Tx } from '../store/db';
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
}

/** A certificate's standing on the verification page. */
export type CertificateStatus = 'valid' | 'revoked' | 'withdrawn';

export const statusOf = (c: Pick<Certificate, 'revokedAt' | 'withdrawnAt'>): CertificateStatus =>
  c.withdrawnAt ? 'withdrawn' : c.revokedAt ? 'revoked' : 'valid';

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

export async function certificateBySerial(db: Queryable, serial: string): Promise<Certificate | undefined> {
  return firstRow(db, 'SELECT * FROM certificates WHERE serial = $1', [serial], certificateOf);
}

export async function certificateOfSeat(db: Queryable, seatId: number): Promise<Certificate | undefined> {
  return firstRow(db, 'SELECT * FROM certificates WHERE seat_id = $1', [seatId], certificateOf);
}

/** The certificates of registrations (a person's, for their page and their data export). */
export async function certificatesOfRegistrations(db: Queryable, ids: readonly number[]): Promise<Certificate[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<Record<string, unknown>>(
    'SELECT * FROM certificates WHERE registration_id = ANY($1::int[]) ORDER BY id',
    [[...ids]],
  );
  return rows.map(certificateOf);
}

/** Which seats of a session to certify: those named (by registration), or all who attended. */
export type CertifyWhom = { registrations: readonly number[] } | { attended: true };

export interface IssueOutcome {
  /** The certificates of the chosen seats: new ones and those issued before (issuing is idempotent). */
  certificates: Certificate[];
  issued: number;
  /** Registrations named that hold no seat of this session (or a cancelled one): nothing issued for them. */
  refused: number[];
}

/**
 * Issues a certificate to each chosen seat of a session that has none (a seat that has one keeps
 * it), queues its e-mail when registrant mail is on, and answers them all. An intake's seats get a
 * certificate of completion, a masterclass's one of participation; each shows the name as
 * registered and the studio's name as they are now.
 */
export async function issueCertificates(
  db: Db,
  sessionId: number,
  whom: CertifyWhom,
  opts: { by: string; studioName: string; now: Date; serial?: (now: Date) => string },
): Promise<IssueOutcome> {
  const serial = opts.serial ?? newSerial;
  const outcome = await db.write(async (tx) => {
    const chosen =
      'attended' in whom
        ? 's.joined_at IS NOT NULL OR s.checked_in_at IS NOT NULL'
        : 's.registration_id = ANY($2::int[])';
    const seats = await tx.query<Record<string, unknown>>(
      `SELECT s.id, s.registration_id, f.person_name AS name, f.person_email AS email, c.kind, c.title, c.label,
         c.starts_at, c.duration_minutes
       FROM session_seats s JOIN form_submissions f ON f.id = s.registration_id
       JOIN class_sessions c ON c.id = s.session_id
       WHERE s.session_id = $1 AND s.cancelled_at IS NULL AND (${chosen})
       ORDER BY s.id FOR UPDATE OF s`,
      'attended' in whom ? [sessionId] : [sessionId, [...whom.registrations]],
    );
    const [mail] = await tx.query<{ on: boolean }>('SELECT registrant_enabled AS on FROM outbox_config');
    let issued = 0;
    for (const seat of seats) {
      const course = seat.kind === 'course';
      const startsAt = iso(seat.starts_at);
      const ends = course ? opts.now.getTime() : Date.parse(startsAt) + Number(seat.duration_minutes) * 60_000;
      const inserted = await tx.query<{ id: number }>(
        `INSERT INTO certificates (serial, seat_id, registration_id, kind, studio_name, holder_name, course,
           starts_at, ends_at, issued_at, issued_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (seat_id) DO NOTHING RETURNING id`,
        [
          serial(opts.now),
          seat.id,
          seat.registration_id,
          course ? 'completion' : 'participation',
          opts.studioName,
          String(seat.name ?? ''),
          course ? String(seat.title) || 'Course' : 'Music Production Masterclass',
          startsAt,
          new Date(Math.max(ends, Date.parse(startsAt))).toISOString(),
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
    const seatIds = seats.map((s) => Number(s.id));
    const rows = await tx.query<Record<string, unknown>>(
      'SELECT * FROM certificates WHERE seat_id = ANY($1::int[]) ORDER BY seat_id',
      [seatIds],
    );
    const found = new Set(seats.map((s) => Number(s.registration_id)));
    const refused = 'attended' in whom ? [] : whom.registrations.filter((id) => !found.has(id));
    return { certificates: rows.map(certificateOf), issued, refused };
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
