export const waitlists = {
  version: 18,
  name: 'waitlists: a full session or intake keeps a queue; a freed seat is offered to the first person waiting',
  sql: `
      -- A person waiting for a seat in a full session or intake, with their sign-up as they sent it.
      -- waiting -> offered (a registration and its seat made for them, held until offer_expires_at)
      -- -> taken (they claimed a payment) or lapsed (the seat released, offered to the next).
      CREATE TABLE waitlist (
        id serial PRIMARY KEY,
        session_id integer NOT NULL REFERENCES class_sessions (id),
        form text NOT NULL,
        payload jsonb NOT NULL,
        email text NOT NULL,
        position integer NOT NULL,
        joined_at timestamptz NOT NULL DEFAULT now(),
        status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'offered', 'taken', 'lapsed')),
        registration_id integer,
        offered_at timestamptz,
        offer_expires_at timestamptz
      );
      CREATE INDEX waitlist_session_idx ON waitlist (session_id, status, position);
      CREATE INDEX waitlist_offer_idx ON waitlist (offer_expires_at) WHERE status = 'offered';
      -- A freed seat belongs to the people waiting: a seat is refused while the seats left are no more
      -- than the people waiting (the sign-up's trigger holds its session's row); only an offer
      -- (studio.offering on for its transaction) takes one.
      CREATE FUNCTION seat_after_waitlist() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        waiting integer := (SELECT count(*) FROM waitlist WHERE session_id = NEW.session_id AND status = 'waiting');
      BEGIN
        IF waiting > 0 AND coalesce(current_setting('studio.offering', true), '') <> 'on'
          AND (SELECT count(*) FROM held_seats WHERE session_id = NEW.session_id) + waiting
            > (SELECT capacity FROM class_sessions WHERE id = NEW.session_id) THEN
          RAISE EXCEPTION 'session % is full', NEW.session_id USING ERRCODE = 'SF001';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER session_seats_after_waitlist AFTER INSERT ON session_seats
        FOR EACH ROW EXECUTE FUNCTION seat_after_waitlist();
    `,
};
