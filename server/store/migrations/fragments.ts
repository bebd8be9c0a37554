// Pieces of SQL that released migrations share word for word: never edit them either.
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
