/** The bookings table: a hold that the database itself refuses when its room or engineer is taken. */
import { randomInt } from 'node:crypto';
import type { Occupied } from '@/lib/bookings/free-time';
import type { Db, Tx } from '../store/db';
import { firstRow, int, iso, rowDecoder, text } from '../store/rows';

/** A booking to hold: who, what, when, at what price. */
export interface NewBooking {
  readonly service: string;
  readonly sac: string;
  readonly room: string;
  readonly engineer: string;
  readonly startsAt: Date;
  readonly endsAt: Date;
  /** The end plus the buffer: until then neither the room nor the engineer can be booked again. */
  readonly blocksUntil: Date;
  readonly hours: number;
  readonly pricePaise: number;
  readonly gstPaise: number;
  readonly totalPaise: number;
  readonly depositPaise: number;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly business?: { readonly gstin: string; readonly legalName: string; readonly address: string };
  readonly holdUntil: Date;
}

/** A held booking's deadline has passed: it lapses, and its time is free. */
const LAPSE = `UPDATE bookings SET status = 'lapsed' WHERE status = 'held' AND hold_until <= $1`;

/** Lapses every hold whose deadline has passed by `now`; answers how many lapsed. */
export async function lapseHolds(db: Db, now: Date): Promise<number> {
  const rows = await db.write((tx) => tx.query(`${LAPSE} RETURNING id`, [now.toISOString()]));
  return rows.length;
}

/** Lapses the expired holds of `booking`'s room or engineer that meet its time, so that it may take it. */
async function lapseHoldsIn(tx: Tx, booking: NewBooking, now: Date): Promise<void> {
  await tx.query(`${LAPSE} AND (room = $2 OR engineer = $3) AND starts_at < $5 AND blocks_until > $4`, [
    now.toISOString(),
    booking.room,
    booking.engineer,
    booking.startsAt.toISOString(),
    booking.blocksUntil.toISOString(),
  ]);
}

/** A booking as its held page shows it: no personal data. */
export interface BookingView {
  readonly reference: string;
  readonly service: string;
  readonly room: string;
  readonly engineer: string;
  readonly startsAt: string;
  readonly hours: number;
  readonly depositPaise: number;
  readonly totalPaise: number;
  readonly holdUntil: string;
  readonly status: 'held' | 'confirmed' | 'cancelled' | 'lapsed';
}

/** SQLSTATE of a row an exclusion constraint refuses (the room or the engineer taken). */
const EXCLUSION_VIOLATION = '23P01';
/** SQLSTATE of a duplicate in a unique index (a reference drawn twice). */
const UNIQUE_VIOLATION = '23505';

const codeOf = (error: unknown) => (error as { code?: unknown } | undefined)?.code;

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L). */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/**
 * A booking's reference: SB and eight characters, random (not a secret, but not a count either), in
 * the shape of a payment reference (two capitals, then letters and digits), so that the deposit's
 * payment can carry it.
 */
function newReference(): string {
  return `SB${Array.from({ length: 8 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join('')}`;
}

/**
 * Holds `booking` at `now`, or answers 'taken' when the database refuses it because its room or its
 * engineer has a live booking whose time and buffer meet this one's (the exclusion constraints of
 * migration 27): the one judge of a race, whichever instance asks. A hold past its deadline in the
 * way lapses first, in the same transaction, whether or not the periodic check has come by.
 */
export async function holdBooking(
  db: Db,
  booking: NewBooking,
  now: Date,
): Promise<{ kind: 'held'; reference: string } | { kind: 'taken' }> {
  for (let attempt = 0; ; attempt++) {
    const reference = newReference();
    try {
      await db.write(async (tx) => {
        await lapseHoldsIn(tx, booking, now);
        await tx.query(
          `INSERT INTO bookings (reference, service, sac, room, engineer, starts_at, ends_at, blocks_until, hours,
             price_paise, gst_paise, total_paise, deposit_paise, name, email, phone, gstin, legal_name, address, hold_until)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)`,
          [
            reference,
            booking.service,
            booking.sac,
            booking.room,
            booking.engineer,
            booking.startsAt.toISOString(),
            booking.endsAt.toISOString(),
            booking.blocksUntil.toISOString(),
            booking.hours,
            booking.pricePaise,
            booking.gstPaise,
            booking.totalPaise,
            booking.depositPaise,
            booking.name,
            booking.email,
            booking.phone,
            booking.business?.gstin ?? null,
            booking.business?.legalName ?? null,
            booking.business?.address ?? null,
            booking.holdUntil.toISOString(),
          ],
        );
      });
      return { kind: 'held', reference };
    } catch (error) {
      if (codeOf(error) === EXCLUSION_VIOLATION) return { kind: 'taken' };
      if (codeOf(error) === UNIQUE_VIOLATION && attempt < 3) continue;
      throw error;
    }
  }
}

/** The live bookings at `now` (confirmed, or held within their deadline) whose time or buffer meets [from, to). */
export async function liveBookings(db: Db, from: Date, to: Date, now: Date): Promise<Occupied[]> {
  const rows = await db.query<Record<string, unknown>>(
    `SELECT room, engineer, starts_at, blocks_until FROM bookings
     WHERE (status = 'confirmed' OR (status = 'held' AND hold_until > $3)) AND starts_at < $2 AND blocks_until > $1`,
    [from.toISOString(), to.toISOString(), now.toISOString()],
  );
  return rows.map((r) => ({
    room: text(r.room),
    engineer: text(r.engineer),
    startsMs: Date.parse(iso(r.starts_at)),
    blocksUntilMs: Date.parse(iso(r.blocks_until)),
  }));
}

const viewOf = rowDecoder<BookingView>({
  reference: text,
  service: text,
  room: text,
  engineer: text,
  startsAt: iso,
  hours: int,
  depositPaise: int,
  totalPaise: int,
  holdUntil: iso,
  status: (v) => text(v) as BookingView['status'],
});

/** The booking with this reference, without personal data; undefined when there is none. */
export function bookingByReference(db: Db, reference: string): Promise<BookingView | undefined> {
  return firstRow(
    db,
    `SELECT reference, service, room, engineer, starts_at, hours, deposit_paise, total_paise, hold_until, status
     FROM bookings WHERE reference = $1`,
    [reference],
    viewOf,
  );
}
