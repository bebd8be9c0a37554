/**
 * The rules of a registration that must hold under races, as constraints:
 * - one waitlist place per person (e-mail) per session: a unique index over the places that are
 *   live (waiting or offered); places already doubled keep the first (an offer before a wait), the
 *   others end as lapsed (an offered one's seat released);
 * - seats within capacity when a seat moves to another session or comes back: checked with the
 *   target session's row locked, as a sign-up's seat is taken (seat_for_registration);
 * - staff marking attendance by hand say why: the seat keeps who marked it and the reason.
 */
export const registrationRules = {
  version: 25,
  name: 'registration rules: one waitlist place per person, seats within capacity on a move, attendance by hand',
  sql: `
      WITH ranked AS (
        SELECT id, registration_id, status, row_number() OVER (
          PARTITION BY session_id, lower(email) ORDER BY status <> 'offered', id) AS n
        FROM waitlist WHERE status IN ('waiting', 'offered')
      ), ended AS (
        UPDATE waitlist w SET status = 'lapsed' FROM ranked r WHERE r.id = w.id AND r.n > 1
        RETURNING w.registration_id, r.status
      )
      UPDATE session_seats SET cancelled_at = now()
        WHERE registration_id IN (SELECT registration_id FROM ended WHERE status = 'offered')
          AND cancelled_at IS NULL;
      CREATE UNIQUE INDEX waitlist_one_place_per_person ON waitlist (session_id, lower(email))
        WHERE status IN ('waiting', 'offered');

      CREATE FUNCTION seat_within_capacity() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        cap integer;
        taken integer;
      BEGIN
        IF NEW.cancelled_at IS NOT NULL
          OR (NEW.session_id = OLD.session_id AND OLD.cancelled_at IS NULL) THEN
          RETURN NEW;
        END IF;
        SELECT capacity INTO cap FROM class_sessions WHERE id = NEW.session_id FOR UPDATE;
        SELECT count(*) INTO taken FROM held_seats WHERE session_id = NEW.session_id AND id <> NEW.id;
        IF taken >= cap THEN
          RAISE EXCEPTION 'session % is full', NEW.session_id USING ERRCODE = 'SF001';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER session_seats_within_capacity BEFORE UPDATE OF session_id, cancelled_at ON session_seats
        FOR EACH ROW EXECUTE FUNCTION seat_within_capacity();

      ALTER TABLE session_seats ADD COLUMN attendance_by text, ADD COLUMN attendance_reason text;
    `,
};
