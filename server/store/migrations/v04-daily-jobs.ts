export const dailyJobs = {
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
};
