export const staffWorkspace = {
  version: 3,
  name: 'staff workspace: status, notes, history, payment claims, outbox',
  sql: `
      ALTER TABLE form_submissions ADD COLUMN status text NOT NULL DEFAULT 'new'
        CHECK (status IN ('new', 'in-progress', 'done', 'spam'));
      ALTER TABLE form_submissions ADD COLUMN note text NOT NULL DEFAULT '';
      CREATE INDEX form_submissions_status_idx ON form_submissions (form, status);
      ALTER TABLE pro_audio_submissions ADD COLUMN status text NOT NULL DEFAULT 'new'
        CHECK (status IN ('new', 'in-progress', 'done', 'spam'));
      ALTER TABLE pro_audio_submissions ADD COLUMN note text NOT NULL DEFAULT '';
      CREATE TABLE submission_events (
        id serial PRIMARY KEY,
        source text NOT NULL,
        submission_id integer NOT NULL,
        staff_name text NOT NULL,
        status text,
        note text,
        at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX submission_events_idx ON submission_events (source, submission_id, id);
      CREATE TABLE payment_claims (
        id serial PRIMARY KEY,
        utr text NOT NULL UNIQUE,
        contact text NOT NULL,
        reference text NOT NULL,
        amount_paise integer NOT NULL,
        page text NOT NULL,
        registration_form text,
        registration_id integer,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'verified', 'rejected')),
        reviewed_by text,
        reviewed_at timestamptz,
        received_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX payment_claims_registration_idx ON payment_claims (registration_form, registration_id);
      CREATE TABLE outbox (
        id serial PRIMARY KEY,
        source text NOT NULL,
        ref_id integer NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        next_at timestamptz NOT NULL DEFAULT now(),
        lease_until timestamptz,
        sent_at timestamptz,
        last_error text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX outbox_due_idx ON outbox (next_at) WHERE sent_at IS NULL;
      CREATE TABLE outbox_config (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        enabled boolean NOT NULL DEFAULT false
      );
      INSERT INTO outbox_config (id, enabled) VALUES (true, false);
      -- Every stored submission and claim adds its outbox row in the same transaction, while the
      -- server has notifications on (SMTP_URL and NOTIFY_TO set).
      CREATE FUNCTION outbox_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF (SELECT enabled FROM outbox_config) THEN
          INSERT INTO outbox (source, ref_id) VALUES (coalesce(to_jsonb(NEW) ->> 'form', TG_ARGV[0]), NEW.id);
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER form_submissions_outbox AFTER INSERT ON form_submissions
        FOR EACH ROW EXECUTE FUNCTION outbox_enqueue('form');
      CREATE TRIGGER pro_audio_outbox AFTER INSERT ON pro_audio_submissions
        FOR EACH ROW EXECUTE FUNCTION outbox_enqueue('pro-audio');
      CREATE TRIGGER payment_claims_outbox AFTER INSERT ON payment_claims
        FOR EACH ROW EXECUTE FUNCTION outbox_enqueue('claim');
    `,
};
