import { numberedDocument, suppliedWhat, taxAmounts } from './fragments';

/**
 * Advances: a receipt voucher for each deposit received before its supply (CGST Rule 50), and a
 * refund voucher for a deposit returned before its invoice (Rule 51), each series consecutive, never
 * changed or deleted, like the invoices.
 */
export const advanceVouchers = {
  version: 28,
  name: 'advances: receipt and refund vouchers in their own series, never changed',
  sql: `
      CREATE TABLE vouchers (
        id serial PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('receipt', 'refund')),
${numberedDocument}
        -- A receipt voucher's payment (one voucher a claim); a refund voucher's receipt voucher.
        claim_id integer UNIQUE,
        receipt_id integer REFERENCES vouchers (id),
        -- What the advance is for (a booking's reference), as the supply that will adjust it names it.
        reference text NOT NULL,
        recipient_name text NOT NULL,
        recipient_gstin text,
        recipient_address text,
${suppliedWhat}
${taxAmounts}
        reason text,
        UNIQUE (series, fy, seq),
        CHECK ((kind = 'receipt') = (claim_id IS NOT NULL AND receipt_id IS NULL)),
        CHECK (cgst_paise = sgst_paise AND total_paise = taxable_paise + cgst_paise + sgst_paise + igst_paise)
      );
      CREATE INDEX vouchers_issued_idx ON vouchers (issued_at);
      CREATE INDEX vouchers_reference_idx ON vouchers (reference);
      CREATE TRIGGER vouchers_unchangeable BEFORE UPDATE OR DELETE ON vouchers
        FOR EACH ROW EXECUTE FUNCTION books_unchangeable();
      CREATE TRIGGER vouchers_untruncatable BEFORE TRUNCATE ON vouchers
        FOR EACH STATEMENT EXECUTE FUNCTION books_unchangeable();
  `,
};
