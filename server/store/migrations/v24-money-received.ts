/**
 * What the books must never do, even when two staff act at once, held by the database: one invoice
 * per registration, one refund request per invoice (a declined one is decided), and document
 * numbers that stay above whatever a restored database may have issued since its backup.
 */
export const moneyReceived = {
  version: 24,
  name: 'money received: one invoice per registration, one refund request per invoice, numbers above a restore',
  sql: `
      -- Invoices issued for a registration that had one already, before this version made one per
      -- registration a rule: kept (issued documents are never changed or deleted), marked, and left
      -- out of the rule; staff refund them with a credit note.
      ALTER TABLE invoices ADD COLUMN issued_twice boolean NOT NULL DEFAULT false;
      ALTER TABLE invoices DISABLE TRIGGER invoices_unchangeable;
      UPDATE invoices i SET issued_twice = true
        WHERE i.registration_id IS NOT NULL
          AND EXISTS (SELECT 1 FROM invoices e WHERE e.registration_id = i.registration_id AND e.id < i.id);
      ALTER TABLE invoices ENABLE TRIGGER invoices_unchangeable;
      CREATE UNIQUE INDEX invoices_one_per_registration ON invoices (registration_id)
        WHERE registration_id IS NOT NULL AND NOT issued_twice;
      -- A registrant asks once per invoice: a declined request is a decision, not a queue.
      -- Requests asked again after a decline before this version: kept, marked, left out of the rule.
      ALTER TABLE refunds ADD COLUMN asked_again boolean NOT NULL DEFAULT false;
      UPDATE refunds r SET asked_again = true
        WHERE EXISTS (SELECT 1 FROM refunds e WHERE e.invoice_id = r.invoice_id AND e.id < r.id);
      DROP INDEX refunds_one_per_invoice;
      CREATE UNIQUE INDEX refunds_one_per_invoice ON refunds (invoice_id) WHERE NOT asked_again;
      -- Whether the refund gave the seat up (all that was received was refunded, or staff chose to).
      ALTER TABLE refunds ADD COLUMN seat_released boolean;
      UPDATE refunds SET seat_released = true WHERE status = 'refunded';
      -- The seat is confirmed when the price is received in full (its invoice is issued), not when
      -- any claim is verified: a short payment leaves it awaiting the rest.
      DROP TRIGGER payment_claims_confirm ON payment_claims;
      CREATE TRIGGER invoices_confirm AFTER INSERT ON invoices
        FOR EACH ROW WHEN (NEW.registration_id IS NOT NULL AND NOT NEW.issued_twice)
        EXECUTE FUNCTION confirm_seat();
      -- When this database last took rows written in another (a restore, a move to PostgreSQL): the
      -- document series then continue above the tenths of an hour since their financial year began,
      -- as ids continue above the seconds since 2026 (migration 15).
      ALTER TABLE store_identity ADD COLUMN moved_at timestamptz;
      CREATE OR REPLACE FUNCTION keep_ids_above_restores() RETURNS boolean LANGUAGE plpgsql AS $$
      DECLARE
        here text := (SELECT system_identifier::text FROM pg_control_system()) || ':'
          || (SELECT oid::text FROM pg_database WHERE datname = current_database()) || ':'
          || (SELECT oid::text FROM pg_namespace WHERE nspname = current_schema());
        floor bigint := floor(extract(epoch FROM now() - timestamptz '2026-01-01 00:00Z'))::bigint;
        seq record;
        moved boolean;
      BEGIN
        IF EXISTS (SELECT 1 FROM store_identity WHERE value = here) THEN RETURN false; END IF;
        -- Rows made elsewhere: a restore, or a backup older than this table.
        moved := EXISTS (SELECT 1 FROM store_identity) OR EXISTS (SELECT 1 FROM form_submissions);
        IF moved THEN
          FOR seq IN SELECT schemaname, sequencename, coalesce(last_value, 0) AS v FROM pg_sequences
            WHERE schemaname = current_schema() LOOP
            IF seq.v < floor THEN
              PERFORM setval(format('%I.%I', seq.schemaname, seq.sequencename), floor, true);
            END IF;
          END LOOP;
        END IF;
        INSERT INTO store_identity (id, value, moved_at) VALUES (true, here, CASE WHEN moved THEN now() END)
          ON CONFLICT (id) DO UPDATE SET value = here,
            moved_at = CASE WHEN moved THEN now() ELSE store_identity.moved_at END;
        RETURN moved;
      END $$;
    `,
};
