/**
 * Each payment claim records its kind of payment (a row of lib/payments/payables.ts), written by the
 * service when the claim comes; what reads a claim reads the kind, never its reference's prefix.
 */
export const paymentKinds = {
  version: 22,
  name: 'payment claims: the kind of payment each is for',
  sql: `
      ALTER TABLE payment_claims ADD COLUMN kind text;
      -- The claims before this one get their kind from their reference's prefix, once, as the
      -- payables table has it at this release: MC for the masterclass, CR for the course. A claim
      -- of another reference (none passed the claim check, which admits only those two) was taken
      -- for a course payment until now, and stays one.
      UPDATE payment_claims SET kind = CASE
        WHEN reference LIKE 'MC%' THEN 'masterclass'
        WHEN reference LIKE 'CR%' THEN 'course'
        ELSE 'course' END;
      ALTER TABLE payment_claims ALTER COLUMN kind SET NOT NULL;
      -- The kinds of the payables table; a new row there comes with a migration that widens this.
      ALTER TABLE payment_claims ADD CONSTRAINT payment_claims_kind_check CHECK (kind IN ('masterclass', 'course'));
    `,
};
