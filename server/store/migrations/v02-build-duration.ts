export const buildDuration = {
  version: 2,
  name: 'builds: duration and first error line',
  sql: `
      ALTER TABLE builds ADD COLUMN duration_ms integer;
      ALTER TABLE builds ADD COLUMN first_error text NOT NULL DEFAULT '';
    `,
};
