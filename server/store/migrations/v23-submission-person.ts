import { confirmSeat, seatForRegistration } from './fragments';

/**
 * The payload keys of each form's name, e-mail and phone fields as the forms declared them when
 * this migration was written (lib/forms: the fields with a `role`). Only the backfill below reads
 * them: from here on the service writes the columns itself, from the declarations.
 */
const personKeys = `(VALUES
        ('talent-show', 'FullName', 'Email', 'ContactNumber'),
        ('query', 'Name', 'Email', NULL),
        ('service-request', 'Name', 'Email', 'Phone'),
        ('certification', 'Name', 'Email', 'Phone'),
        ('diploma', 'Name', 'Email', 'Phone'),
        ('masterclass', 'name', 'email', 'phone'),
        ('pro-audio', 'fullName', 'email', 'phone')) AS k (form, name_key, email_key, phone_key)`;

/** A name as kept: trimmed, null when empty. */
const nameOf = (value: string) => `nullif(btrim(${value}), '')`;
/** An e-mail as kept: trimmed, lower case, null when empty. */
const emailOf = (value: string) => `nullif(lower(btrim(${value})), '')`;
/** A phone as kept: its last ten digits, null when it has none. */
const phoneOf = (value: string) => `nullif(right(regexp_replace(coalesce(${value}, ''), '\\D', '', 'g'), 10), '')`;

/**
 * Who a submission is from, in columns: the service fills them from the roles of the form's fields
 * (lib/forms/person.ts) and every query that needs the person (seats, registrant mail, claims,
 * invoices, certificates, the privacy search) reads them instead of the payload. A waiting sign-up
 * keeps its name and phone beside its e-mail likewise. The two registration triggers are those of
 * version 13 with only the e-mail read changed.
 */
export const submissionPerson = {
  version: 23,
  name: "who a submission is from: the sender's name, e-mail and phone in columns",
  sql: `
      ALTER TABLE form_submissions ADD COLUMN person_name text;
      ALTER TABLE form_submissions ADD COLUMN person_email text;
      ALTER TABLE form_submissions ADD COLUMN person_phone text;
      -- The submissions stored before: their person read from the payload, once.
      UPDATE form_submissions f SET
          person_name = ${nameOf('f.payload ->> k.name_key')},
          person_email = ${emailOf('f.payload ->> k.email_key')},
          person_phone = ${phoneOf('f.payload ->> k.phone_key')}
        FROM ${personKeys}
        WHERE f.form = k.form;
      ALTER TABLE waitlist ADD COLUMN name text;
      ALTER TABLE waitlist ADD COLUMN phone text;
      UPDATE waitlist w SET name = ${nameOf('w.payload ->> k.name_key')}, phone = ${phoneOf('w.payload ->> k.phone_key')}
        FROM ${personKeys}
        WHERE w.form = k.form;
      -- Version 13's seat for a registration, its e-mail read from its column.
${seatForRegistration('NEW.person_email')}
      -- Version 13's confirmation of a verified payment, the registration's e-mail read from its column.
${confirmSeat('person_email')}
    `,
};
