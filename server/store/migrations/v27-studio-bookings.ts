/**
 * Studio bookings: a room and an engineer for a stretch of hours, held until its deposit arrives.
 * No double booking is a constraint of the table, not a check before an insert: among the live
 * bookings (held or confirmed), no two of one room, and no two of one engineer, have overlapping
 * [start, end + buffer) (`blocks_until` keeps the buffer of the day it was booked). Two exclusion
 * constraints on GiST indexes need btree_gist for the equality of the room's and engineer's ids; it
 * is a trusted extension (the database's owner may create it), installed once per database in
 * `public` so that a schema dropped never takes it along.
 */
export const studioBookings = {
  version: 27,
  name: 'studio bookings: rooms and engineers never booked twice for overlapping time',
  sql: `
      CREATE EXTENSION IF NOT EXISTS btree_gist SCHEMA public;
      CREATE TABLE bookings (
        id serial PRIMARY KEY,
        reference text NOT NULL UNIQUE,
        service text NOT NULL,
        sac text NOT NULL,
        room text NOT NULL,
        engineer text NOT NULL,
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        blocks_until timestamptz NOT NULL,
        hours integer NOT NULL CHECK (hours > 0),
        price_paise integer NOT NULL CHECK (price_paise >= 0),
        gst_paise integer NOT NULL CHECK (gst_paise >= 0),
        total_paise integer NOT NULL CHECK (total_paise = price_paise + gst_paise),
        deposit_paise integer NOT NULL CHECK (deposit_paise BETWEEN 0 AND total_paise),
        name text NOT NULL,
        email text NOT NULL,
        phone text NOT NULL,
        gstin text,
        legal_name text,
        address text,
        status text NOT NULL DEFAULT 'held' CHECK (status IN ('held', 'confirmed', 'cancelled', 'lapsed')),
        hold_until timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (ends_at > starts_at AND blocks_until >= ends_at),
        CHECK ((gstin IS NULL) = (legal_name IS NULL) AND (gstin IS NULL) = (address IS NULL)),
        CONSTRAINT bookings_room_free EXCLUDE USING gist (room WITH =, tstzrange(starts_at, blocks_until) WITH &&)
          WHERE (status IN ('held', 'confirmed')),
        CONSTRAINT bookings_engineer_free EXCLUDE USING gist (engineer WITH =, tstzrange(starts_at, blocks_until) WITH &&)
          WHERE (status IN ('held', 'confirmed'))
      );
      CREATE INDEX bookings_held ON bookings (hold_until) WHERE status = 'held';
  `,
};
