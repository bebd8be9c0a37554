export const severalInstances = {
  version: 5,
  name: 'several instances: shared limits, one build at a time',
  sql: `
      -- Rate limits and the sign-in brake, shared by every instance on one PostgreSQL.
      CREATE TABLE limit_counters (
        key text PRIMARY KEY,
        count integer NOT NULL,
        window_end timestamptz NOT NULL,
        next_at timestamptz NOT NULL DEFAULT '-infinity'
      );
      -- At most one running build across instances; a running build's instance renews its lease.
      ALTER TABLE builds ADD COLUMN lease_until timestamptz;
      UPDATE builds SET status = 'failed', finished_at = now(), first_error = 'The server stopped during this build.'
        WHERE status = 'running' AND id <> (SELECT max(id) FROM builds WHERE status = 'running');
      CREATE UNIQUE INDEX builds_one_running ON builds ((true)) WHERE status = 'running';
      -- Reasons for the next build, waiting for the running one (on any instance) to finish.
      CREATE TABLE build_queue (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        reasons text NOT NULL,
        queued_at timestamptz NOT NULL DEFAULT now()
      );
    `,
};
