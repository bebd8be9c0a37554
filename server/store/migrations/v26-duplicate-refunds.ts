/**
 * Refunds of duplicate payments, recorded by staff: a refund may name the claim it returns (a
 * payment for a registration already paid), once per claim. The registrant's own request stays one
 * per invoice; a duplicate's refund is not a request and does not count as one.
 */
export const duplicateRefunds = {
  version: 26,
  name: 'duplicate refunds: a refund may return one duplicate claim, once',
  sql: `
      ALTER TABLE refunds ADD COLUMN claim_id integer REFERENCES payment_claims(id);
      DROP INDEX refunds_one_per_invoice;
      CREATE UNIQUE INDEX refunds_one_per_invoice ON refunds (invoice_id) WHERE NOT asked_again AND claim_id IS NULL;
      CREATE UNIQUE INDEX refunds_one_per_duplicate ON refunds (claim_id) WHERE claim_id IS NOT NULL;
  `,
};
