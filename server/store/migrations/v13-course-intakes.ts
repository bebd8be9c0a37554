import { takeSeat, confirmationAndReminders } from './fragments';

export const courseIntakes = {
  version: 13,
  name: 'course intakes: a course registration takes a seat in its intake; every registrant is confirmed',
  sql: `
      -- A seat is held by any registration's claim (a registration's id is unique across the forms).
      CREATE OR REPLACE VIEW held_seats AS
        SELECT s.* FROM session_seats s
        WHERE s.cancelled_at IS NULL AND (s.held_at > now() - interval '48 hours' OR EXISTS (
          SELECT 1 FROM payment_claims c WHERE c.registration_id = s.registration_id AND c.status <> 'rejected'));
      -- A masterclass sign-up takes a seat in the session its schedule names; a course registration in
      -- the intake its optional "Intake" key names (the intake's id). Each is refused when full.
      CREATE OR REPLACE FUNCTION seat_for_registration() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        sid integer;
        cap integer;
        taken integer;
        address text := lower(coalesce(NEW.payload ->> 'email', NEW.payload ->> 'Email'));
      BEGIN
        IF NEW.form = 'masterclass' THEN
          SELECT id, capacity INTO sid, cap FROM class_sessions
            WHERE kind = 'masterclass' AND status = 'scheduled' AND starts_at > now()
              AND label = NEW.payload ->> 'schedule'
            ORDER BY starts_at LIMIT 1 FOR UPDATE;
        ELSIF NEW.payload ->> 'Intake' ~ '^[0-9]{1,9}$' THEN
          SELECT id, capacity INTO sid, cap FROM class_sessions
            WHERE kind = 'course' AND status = 'scheduled' AND starts_at > now()
              AND id = (NEW.payload ->> 'Intake')::integer
            FOR UPDATE;
        END IF;
${takeSeat}
        IF (SELECT registrant_enabled FROM outbox_config) AND address LIKE '%_@_%'
          AND (SELECT count(*) FROM outbox WHERE to_address = address AND source = 'reg-received'
                 AND created_at > now() - interval '1 day') < 3 THEN
          INSERT INTO outbox (source, ref_id, to_address, detail)
            VALUES ('reg-received', NEW.id, address, jsonb_build_object('sessionId', sid));
        END IF;
        RETURN NEW;
      END $$;
      DROP TRIGGER form_submissions_seat ON form_submissions;
      CREATE TRIGGER form_submissions_seat AFTER INSERT ON form_submissions
        FOR EACH ROW WHEN (NEW.form IN ('masterclass', 'certification', 'diploma'))
        EXECUTE FUNCTION seat_for_registration();
      -- A verified payment queues the seat's confirmation and reminders; a registration without a
      -- seat (no intake chosen, or a schedule no session carries) gets word that its payment is verified.
      CREATE OR REPLACE FUNCTION confirm_seat() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        seat record;
        address text;
      BEGIN
        IF NOT (SELECT registrant_enabled FROM outbox_config) THEN RETURN NEW; END IF;
        SELECT s.id, s.session_id, c.starts_at INTO seat
          FROM session_seats s JOIN class_sessions c ON c.id = s.session_id
          WHERE s.registration_id = NEW.registration_id AND s.cancelled_at IS NULL;
        IF seat.id IS NULL THEN
          SELECT lower(coalesce(payload ->> 'email', payload ->> 'Email')) INTO address
            FROM form_submissions WHERE id = NEW.registration_id;
          IF address LIKE '%_@_%' AND NOT EXISTS (
            SELECT 1 FROM outbox WHERE source = 'reg-paid' AND ref_id = NEW.registration_id) THEN
            INSERT INTO outbox (source, ref_id, to_address) VALUES ('reg-paid', NEW.registration_id, address);
          END IF;
          RETURN NEW;
        END IF;
        IF EXISTS (SELECT 1 FROM outbox WHERE source = 'reg-confirmed' AND ref_id = seat.id) THEN
          RETURN NEW;
        END IF;
        SELECT lower(coalesce(payload ->> 'email', payload ->> 'Email')) INTO address
          FROM form_submissions WHERE id = NEW.registration_id;
        -- The reminders whose time is still ahead (a payment verified an hour before gets none).
        INSERT INTO outbox (source, ref_id, to_address, detail, next_at)
          SELECT r.source, seat.id, address, jsonb_build_object('sessionId', seat.session_id), r.at
${confirmationAndReminders}
        RETURN NEW;
      END $$;
      DROP TRIGGER payment_claims_confirm ON payment_claims;
      CREATE TRIGGER payment_claims_confirm AFTER UPDATE OF status ON payment_claims
        FOR EACH ROW WHEN (NEW.status = 'verified' AND OLD.status <> 'verified'
          AND NEW.registration_form IN ('masterclass', 'certification', 'diploma') AND NEW.registration_id IS NOT NULL)
        EXECUTE FUNCTION confirm_seat();
    `,
};
