// Pieces of SQL that released migrations share word for word (some with a part that differs as a
// parameter): never edit them either.
/**
 * Inside seat_for_registration (versions 11, 13 and 23, the same text in each): the registration takes a
 * seat in session `sid`, or is refused when its held seats fill the capacity.
 */
export const takeSeat = `        IF sid IS NOT NULL THEN
          SELECT count(*) INTO taken FROM held_seats WHERE session_id = sid;
          IF taken >= cap THEN
            RAISE EXCEPTION 'session % is full', sid USING ERRCODE = 'SF001';
          END IF;
          INSERT INTO session_seats (registration_id, session_id) VALUES (NEW.id, sid);
        END IF;`;

/** A numbered document's number in its series and its moment of issue (versions 16 and 28). */
export const numberedDocument = `        number text NOT NULL UNIQUE CHECK (number ~ '^[A-Z0-9/-]{1,16}$'),
        series text NOT NULL,
        fy text NOT NULL,
        seq integer NOT NULL,
        issued_at timestamptz NOT NULL DEFAULT now(),`;

/** What a document of supply says of it: where, by whom, what and at what rate (versions 16 and 28). */
export const suppliedWhat = `        place_of_supply text NOT NULL,
        supplier jsonb NOT NULL,
        sac text NOT NULL,
        description text NOT NULL,
        rate_percent integer NOT NULL,`;

/** The amounts of an invoice and of a credit note (version 16, the same text in both tables). */
export const taxAmounts = `        taxable_paise integer NOT NULL,
        cgst_paise integer NOT NULL,
        sgst_paise integer NOT NULL,
        igst_paise integer NOT NULL,
        total_paise integer NOT NULL,`;

/**
 * Inside confirm_seat (versions 11, 13 and 23, the same text in each): the confirmation now and the
 * reminders 24 hours and 1 hour before the seat's session, those still ahead.
 */
export const confirmationAndReminders = `          FROM (VALUES ('reg-confirmed', now()),
                       ('reg-reminder-24h', seat.starts_at - interval '24 hours'),
                       ('reg-reminder-1h', seat.starts_at - interval '1 hour')) AS r (source, at)
          WHERE r.source = 'reg-confirmed' OR r.at > now();`;

/**
 * A trigger function as versions 13 and 23 write it: `declarations` (one per line) after DECLARE, then
 * `body`, then RETURN NEW.
 */
const triggerFunction = (name: string, declarations: string, body: string) =>
  `      CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
${declarations}
      BEGIN
${body}
        RETURN NEW;
      END $$;`;

/**
 * seat_for_registration (versions 13 and 23, alike but for where the registrant's e-mail is read from,
 * `address`, an expression over the new form_submissions row): a masterclass sign-up takes a seat in the
 * session its schedule names, a course registration in the intake its "Intake" key names (the intake's
 * id), each refused when full; the registrant is told their registration arrived.
 */
export const seatForRegistration = (address: string) =>
  triggerFunction(
    'seat_for_registration',
    `        sid integer;
        cap integer;
        taken integer;
        address text := ${address};`,
    `        IF NEW.form = 'masterclass' THEN
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
        END IF;`,
  );

/**
 * confirm_seat (versions 13 and 23, alike but for where the registrant's e-mail is read from,
 * `address`, an expression over their form_submissions row): a verified payment queues the seat's
 * confirmation and reminders; a registration without a seat gets word that its payment is verified.
 */
export const confirmSeat = (address: string) =>
  triggerFunction(
    'confirm_seat',
    `        seat record;
        address text;`,
    `        IF NOT (SELECT registrant_enabled FROM outbox_config) THEN RETURN NEW; END IF;
        SELECT s.id, s.session_id, c.starts_at INTO seat
          FROM session_seats s JOIN class_sessions c ON c.id = s.session_id
          WHERE s.registration_id = NEW.registration_id AND s.cancelled_at IS NULL;
        IF seat.id IS NULL THEN
          SELECT ${address} INTO address
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
        SELECT ${address} INTO address
          FROM form_submissions WHERE id = NEW.registration_id;
        -- The reminders whose time is still ahead (a payment verified an hour before gets none).
        INSERT INTO outbox (source, ref_id, to_address, detail, next_at)
          SELECT r.source, seat.id, address, jsonb_build_object('sessionId', seat.session_id), r.at
${confirmationAndReminders}`,
  );
