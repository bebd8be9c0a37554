import { confirmSeat, seatForRegistration } from './fragments';

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
${seatForRegistration("lower(coalesce(NEW.payload ->> 'email', NEW.payload ->> 'Email'))")}
      DROP TRIGGER form_submissions_seat ON form_submissions;
      CREATE TRIGGER form_submissions_seat AFTER INSERT ON form_submissions
        FOR EACH ROW WHEN (NEW.form IN ('masterclass', 'certification', 'diploma'))
        EXECUTE FUNCTION seat_for_registration();
      -- A verified payment queues the seat's confirmation and reminders; a registration without a
      -- seat (no intake chosen, or a schedule no session carries) gets word that its payment is verified.
${confirmSeat("lower(coalesce(payload ->> 'email', payload ->> 'Email'))")}
      DROP TRIGGER payment_claims_confirm ON payment_claims;
      CREATE TRIGGER payment_claims_confirm AFTER UPDATE OF status ON payment_claims
        FOR EACH ROW WHEN (NEW.status = 'verified' AND OLD.status <> 'verified'
          AND NEW.registration_form IN ('masterclass', 'certification', 'diploma') AND NEW.registration_id IS NOT NULL)
        EXECUTE FUNCTION confirm_seat();
    `,
};
