export const firstTables = {
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
};
