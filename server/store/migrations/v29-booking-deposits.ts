/**
 * A studio booking's deposit is its own kind of payment (`studio-booking`, references SB…): claims of
 * it are matched to their booking by the reference they carry, and get a receipt voucher when
 * verified, never an invoice.
 */
export const bookingDeposits = {
  version: 29,
  name: "payment claims: a studio booking's deposit as a kind of payment",
  sql: `
      -- The kinds of the payables table; a new row there comes with a migration that widens this.
      ALTER TABLE payment_claims DROP CONSTRAINT payment_claims_kind_check;
      ALTER TABLE payment_claims ADD CONSTRAINT payment_claims_kind_check
        CHECK (kind IN ('masterclass', 'course', 'studio-booking'));
      -- A deposit's claims are found by their booking's reference.
      CREATE INDEX payment_claims_reference_idx ON payment_claims (reference);
  `,
};
