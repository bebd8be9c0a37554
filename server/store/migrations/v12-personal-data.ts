export const personalData = {
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
};
