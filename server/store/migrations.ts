/**
 * Versioned schema changes, applied in order on start by both drivers (the same SQL for PGlite and
 * PostgreSQL). Never edit a released migration: add the next one.
 */
export const migrations: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  {
    version: 1,
    name: 'submissions, staff, sessions, builds',
    sql: `
      CREATE TABLE pro_audio_submissions (
        id serial PRIMARY KEY,
        full_name text NOT NULL,
        email text NOT NULL,
        phone text NOT NULL,
        availability text[] NOT NULL DEFAULT '{}',
        additional_services text[] NOT NULL DEFAULT '{}',
        budget text NOT NULL DEFAULT '',
        message text NOT NULL DEFAULT '',
        received_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE form_submissions (
        id serial PRIMARY KEY,
        form text NOT NULL,
        payload jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX form_submissions_form_idx ON form_submissions (form, id);
      CREATE TABLE staff (
        id serial PRIMARY KEY,
        name text NOT NULL UNIQUE,
        password_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE sessions (
        id text PRIMARY KEY,
        staff_id integer NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX sessions_expires_idx ON sessions (expires_at);
      CREATE TABLE builds (
        id serial PRIMARY KEY,
        status text NOT NULL CHECK (status IN ('running', 'succeeded', 'failed')),
        reason text NOT NULL DEFAULT '',
        folder text,
        log_tail text NOT NULL DEFAULT '',
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      );
    `,
  },
  {
    version: 2,
    name: 'builds: duration and first error line',
    sql: `
      ALTER TABLE builds ADD COLUMN duration_ms integer;
      ALTER TABLE builds ADD COLUMN first_error text NOT NULL DEFAULT '';
    `,
  },
  {
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
  },
  {
    version: 4,
    name: 'daily jobs: one run a day across instances',
    sql: `
      CREATE TABLE job_runs (
        job text NOT NULL,
        day text NOT NULL,
        status text NOT NULL CHECK (status IN ('running', 'succeeded', 'failed')),
        outcome text NOT NULL DEFAULT '',
        attempts integer NOT NULL DEFAULT 1,
        lease_until timestamptz,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        PRIMARY KEY (job, day)
      );
    `,
  },
  {
    version: 10,
    name: 'bank statements: the columns staff chose for each statement layout',
    sql: `
      CREATE TABLE statement_mappings (
        signature text PRIMARY KEY,
        utr_column text NOT NULL,
        amount_column text NOT NULL,
        date_column text,
        chosen_by text NOT NULL,
        chosen_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    version: 12,
    name: "visitors' personal data: notice versions, erasure tombstones, access log, requests",
    sql: `
      ALTER TABLE form_submissions ADD COLUMN notice_version text;
      ALTER TABLE submission_events ADD COLUMN field text;
      ALTER TABLE payment_claims ADD COLUMN kept_for text;
      -- The privacy notice the running site shows; each stored submission records it.
      CREATE TABLE privacy_config (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        notice_version text NOT NULL DEFAULT ''
      );
      INSERT INTO privacy_config (id, notice_version) VALUES (true, '');
      CREATE FUNCTION form_submissions_notice() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.notice_version := coalesce(NEW.notice_version, nullif((SELECT notice_version FROM privacy_config), ''));
        RETURN NEW;
      END $$;
      CREATE TRIGGER form_submissions_notice BEFORE INSERT ON form_submissions
        FOR EACH ROW EXECUTE FUNCTION form_submissions_notice();
      -- Proof of each erasure, without the person: a hash of their e-mail or phone.
      CREATE TABLE erasures (
        id serial PRIMARY KEY,
        subject_hash text NOT NULL,
        erased_at timestamptz NOT NULL DEFAULT now(),
        erased_by text NOT NULL,
        reason text NOT NULL
      );
      CREATE INDEX erasures_subject_idx ON erasures (subject_hash);
      -- Who viewed, exported, corrected or erased whose data (kept one year).
      CREATE TABLE privacy_log (
        id serial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        staff_name text NOT NULL,
        action text NOT NULL,
        subject_hash text NOT NULL,
        detail text NOT NULL DEFAULT ''
      );
      CREATE INDEX privacy_log_at_idx ON privacy_log (at);
      -- A visitor's request for correction or erasure; the address is kept only until it is answered.
      CREATE TABLE data_requests (
        id serial PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('correction', 'erasure')),
        subject_hash text NOT NULL,
        email text,
        details text NOT NULL DEFAULT '',
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done', 'refused')),
        created_at timestamptz NOT NULL DEFAULT now(),
        due_at timestamptz NOT NULL,
        done_at timestamptz,
        done_by text,
        outcome text NOT NULL DEFAULT ''
      );
      -- One-time links to the "Your data" page, stored as hashes of their tokens.
      CREATE TABLE data_links (
        id text PRIMARY KEY,
        email text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        session_id text UNIQUE
      );
    `,
  },
];
