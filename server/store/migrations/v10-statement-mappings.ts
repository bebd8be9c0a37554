export const statementMappings = {
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
};
