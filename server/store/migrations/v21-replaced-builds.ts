export const replacedBuilds = {
  version: 21,
  name: 'builds: a build stopped for a newer request is replaced, not failed',
  sql: `
      -- The daily or start-up build an editor's save stopped (on any instance): not a failure.
      ALTER TABLE builds DROP CONSTRAINT builds_status_check;
      ALTER TABLE builds ADD CONSTRAINT builds_status_check
        CHECK (status IN ('running', 'succeeded', 'failed', 'replaced'));
      UPDATE builds SET status = 'replaced' WHERE status = 'failed' AND first_error LIKE 'Replaced by a newer request%';
    `,
};
