import { taxAmounts } from './fragments';

export const theBooks = {
  version: 16,
  name: 'the books: invoices and credit notes in consecutive series, never changed; refund requests',
  sql: `
      -- The registrant's state (its GST code) as the payment claim gave it: the place of supply.
      ALTER TABLE payment_claims ADD COLUMN state text CHECK (state ~ '^[0-9]{2}$');
      -- Each series' last number in each financial year: drawn in the transaction that issues the
      -- document, so a rolled-back issue leaves no gap and concurrent issues wait for each other.
      CREATE TABLE document_series (
        series text NOT NULL,
        fy text NOT NULL,
        last integer NOT NULL,
        PRIMARY KEY (series, fy)
      );
      -- A tax invoice (or, without a GSTIN, a payment receipt) per verified claim, with everything
      -- it shows: the supplier and recipient as they were when it was issued.
      CREATE TABLE invoices (
        id serial PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('tax-invoice', 'receipt')),
        number text NOT NULL UNIQUE CHECK (number ~ '^[A-Z0-9/-]{1,16}$'),
        series text NOT NULL,
        fy text NOT NULL,
        seq integer NOT NULL,
        issued_at timestamptz NOT NULL DEFAULT now(),
        claim_id integer NOT NULL UNIQUE,
        registration_id integer,
        recipient_name text NOT NULL,
        recipient_state text,
        place_of_supply text NOT NULL,
        supplier jsonb NOT NULL,
        sac text NOT NULL,
        description text NOT NULL,
        rate_percent integer NOT NULL,
${taxAmounts}
        paid_paise integer NOT NULL,
        UNIQUE (series, fy, seq),
        CHECK (cgst_paise = sgst_paise AND total_paise = taxable_paise + cgst_paise + sgst_paise + igst_paise)
      );
      CREATE INDEX invoices_registration_idx ON invoices (registration_id);
      CREATE INDEX invoices_issued_idx ON invoices (issued_at);
      -- A registrant's refund request, decided by staff; at most one that is not declined per invoice.
      CREATE TABLE refunds (
        id serial PRIMARY KEY,
        invoice_id integer NOT NULL REFERENCES invoices (id),
        requested_at timestamptz NOT NULL DEFAULT now(),
        reason text NOT NULL DEFAULT '',
        status text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'declined', 'refunded')),
        decided_by text,
        decided_at timestamptz,
        decline_reason text,
        utr text,
        amount_paise integer
      );
      CREATE UNIQUE INDEX refunds_one_per_invoice ON refunds (invoice_id) WHERE status <> 'declined';
      -- A credit note against an invoice (a refund, or a correction), in its own series.
      CREATE TABLE credit_notes (
        id serial PRIMARY KEY,
        number text NOT NULL UNIQUE CHECK (number ~ '^[A-Z0-9/-]{1,16}$'),
        series text NOT NULL,
        fy text NOT NULL,
        seq integer NOT NULL,
        issued_at timestamptz NOT NULL DEFAULT now(),
        invoice_id integer NOT NULL REFERENCES invoices (id),
        refund_id integer UNIQUE REFERENCES refunds (id),
        reason text NOT NULL,
${taxAmounts}
        UNIQUE (series, fy, seq),
        CHECK (cgst_paise = sgst_paise AND total_paise = taxable_paise + cgst_paise + sgst_paise + igst_paise)
      );
      CREATE INDEX credit_notes_issued_idx ON credit_notes (issued_at);
      -- Issued documents are never changed or deleted (CGST Act s. 36: kept at least 72 months);
      -- a mistake is corrected by a credit note and a new invoice. A restore (dump.ts) replaces the
      -- whole database with triggers off.
      CREATE FUNCTION books_unchangeable() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION '% are never changed or deleted: correct one with a credit note', TG_TABLE_NAME
          USING ERRCODE = 'BK001';
      END $$;
      CREATE TRIGGER invoices_unchangeable BEFORE UPDATE OR DELETE ON invoices
        FOR EACH ROW EXECUTE FUNCTION books_unchangeable();
      CREATE TRIGGER invoices_untruncatable BEFORE TRUNCATE ON invoices
        FOR EACH STATEMENT EXECUTE FUNCTION books_unchangeable();
      CREATE TRIGGER credit_notes_unchangeable BEFORE UPDATE OR DELETE ON credit_notes
        FOR EACH ROW EXECUTE FUNCTION books_unchangeable();
      CREATE TRIGGER credit_notes_untruncatable BEFORE TRUNCATE ON credit_notes
        FOR EACH STATEMENT EXECUTE FUNCTION books_unchangeable();
    `,
};
