export const oneSubmissionsTable = {
  version: 6,
  name: 'one submissions table: the pro audio form stored as its payload like every form',
  sql: `
      -- A moved submission keeps answering to its old id (dashboard links, e-mails already sent).
      CREATE TABLE moved_submissions (
        form text NOT NULL,
        old_id integer NOT NULL,
        new_id integer NOT NULL REFERENCES form_submissions (id) ON DELETE CASCADE,
        PRIMARY KEY (form, old_id)
      );
      -- New ids start above every old one, so an old id never names a newer submission.
      SELECT setval(pg_get_serial_sequence('form_submissions', 'id'), n)
        FROM (SELECT greatest((SELECT max(id) FROM form_submissions), (SELECT max(id) FROM pro_audio_submissions)) AS n) m
        WHERE n IS NOT NULL;
      -- Moving is not arriving: no notification is queued for a moved submission.
      ALTER TABLE form_submissions DISABLE TRIGGER form_submissions_outbox;
      ALTER TABLE form_submissions ADD COLUMN moved_from integer;
      INSERT INTO form_submissions (form, payload, status, note, received_at, moved_from)
        SELECT 'pro-audio', jsonb_build_object('fullName', full_name, 'email', email, 'phone', phone,
            'availability', to_jsonb(availability), 'additionalServices', to_jsonb(additional_services),
            'budget', budget, 'message', message),
          status, note, received_at, id
        FROM pro_audio_submissions ORDER BY id;
      INSERT INTO moved_submissions (form, old_id, new_id)
        SELECT 'pro-audio', moved_from, id FROM form_submissions WHERE moved_from IS NOT NULL;
      ALTER TABLE form_submissions DROP COLUMN moved_from;
      ALTER TABLE form_submissions ENABLE TRIGGER form_submissions_outbox;
      UPDATE submission_events e SET submission_id = m.new_id FROM moved_submissions m
        WHERE e.source = 'pro-audio' AND m.form = 'pro-audio' AND e.submission_id = m.old_id;
      UPDATE outbox o SET ref_id = m.new_id FROM moved_submissions m
        WHERE o.source = 'pro-audio' AND m.form = 'pro-audio' AND o.ref_id = m.old_id;
      UPDATE payment_claims c SET registration_id = m.new_id FROM moved_submissions m
        WHERE c.registration_form = 'pro-audio' AND m.form = 'pro-audio' AND c.registration_id = m.old_id;
      DROP TABLE pro_audio_submissions;
      `,
};
