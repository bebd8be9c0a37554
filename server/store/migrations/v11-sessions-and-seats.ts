import { takeSeat, confirmationAndReminders } from './fragments';

export const sessionsAndSeats = {
  version: 11,
  name: 'sessions and intakes, seats, registrant messages',
  sql: `
      CREATE TABLE class_sessions (
        id serial PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('masterclass', 'course')),
        title text NOT NULL DEFAULT '',
        label text NOT NULL,
        starts_at timestamptz NOT NULL,
        duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 15 AND 1440),
        capacity integer NOT NULL CHECK (capacity BETWEEN 1 AND 10000),
        mode text NOT NULL DEFAULT 'online' CHECK (mode IN ('online', 'offline')),
        meeting_url text NOT NULL DEFAULT '',
        location text NOT NULL DEFAULT '',
        status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'cancelled')),
        sequence integer NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX class_sessions_upcoming_idx ON class_sessions (kind, starts_at);
      -- A masterclass registration's seat in a session; one per registration.
      CREATE TABLE session_seats (
        id serial PRIMARY KEY,
        registration_id integer NOT NULL UNIQUE,
        session_id integer NOT NULL REFERENCES class_sessions (id),
        held_at timestamptz NOT NULL DEFAULT now(),
        cancelled_at timestamptz,
        joined_at timestamptz
      );
      CREATE INDEX session_seats_session_idx ON session_seats (session_id);
      -- What holds a seat: a registration for 48 hours, then a payment claim that is not rejected.
      CREATE VIEW held_seats AS
        SELECT s.* FROM session_seats s
        WHERE s.cancelled_at IS NULL AND (s.held_at > now() - interval '48 hours' OR EXISTS (
          SELECT 1 FROM payment_claims c WHERE c.registration_form = 'masterclass'
            AND c.registration_id = s.registration_id AND c.status <> 'rejected'));
      CREATE TABLE app_secrets (name text PRIMARY KEY, value text NOT NULL);
      ALTER TABLE outbox ADD COLUMN to_address text;
      ALTER TABLE outbox ADD COLUMN detail jsonb;
      CREATE INDEX outbox_address_idx ON outbox (to_address, created_at);
      ALTER TABLE outbox_config ADD COLUMN registrant_enabled boolean NOT NULL DEFAULT false;
      -- A masterclass sign-up whose schedule names an upcoming session takes a seat in it, or is
      -- refused when the session is full: the session's row lock makes concurrent sign-ups count
      -- one after another. Every sign-up gets its acknowledgement (at most 3 a day per address).
      CREATE FUNCTION seat_for_registration() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        sid integer;
        cap integer;
        taken integer;
        address text := lower(NEW.payload ->> 'email');
      BEGIN
        SELECT id, capacity INTO sid, cap FROM class_sessions
          WHERE kind = 'masterclass' AND status = 'scheduled' AND starts_at > now()
            AND label = NEW.payload ->> 'schedule'
          ORDER BY starts_at LIMIT 1 FOR UPDATE;
${takeSeat}
        IF (SELECT registrant_enabled FROM outbox_config) AND address LIKE '%_@_%'
          AND (SELECT count(*) FROM outbox WHERE to_address = address AND created_at > now() - interval '1 day') < 3 THEN
          INSERT INTO outbox (source, ref_id, to_address, detail)
            VALUES ('reg-received', NEW.id, address, jsonb_build_object('sessionId', sid));
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER form_submissions_seat AFTER INSERT ON form_submissions
        FOR EACH ROW WHEN (NEW.form = 'masterclass') EXECUTE FUNCTION seat_for_registration();
      -- A verified payment for a seated registration queues its confirmation and both reminders.
      CREATE FUNCTION confirm_seat() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        seat record;
      BEGIN
        IF NOT (SELECT registrant_enabled FROM outbox_config) THEN RETURN NEW; END IF;
        SELECT s.id, s.session_id, c.starts_at, lower(f.payload ->> 'email') AS address INTO seat
          FROM session_seats s JOIN class_sessions c ON c.id = s.session_id
          JOIN form_submissions f ON f.id = s.registration_id
          WHERE s.registration_id = NEW.registration_id AND s.cancelled_at IS NULL;
        IF seat.id IS NULL OR EXISTS (SELECT 1 FROM outbox WHERE source = 'reg-confirmed' AND ref_id = seat.id) THEN
          RETURN NEW;
        END IF;
        -- The reminders whose time is still ahead (a payment verified an hour before gets none).
        INSERT INTO outbox (source, ref_id, to_address, detail, next_at)
          SELECT r.source, seat.id, seat.address, jsonb_build_object('sessionId', seat.session_id), r.at
${confirmationAndReminders}
        RETURN NEW;
      END $$;
      CREATE TRIGGER payment_claims_confirm AFTER UPDATE OF status ON payment_claims
        FOR EACH ROW WHEN (NEW.status = 'verified' AND OLD.status <> 'verified'
          AND NEW.registration_form = 'masterclass' AND NEW.registration_id IS NOT NULL)
        EXECUTE FUNCTION confirm_seat();
    `,
};
