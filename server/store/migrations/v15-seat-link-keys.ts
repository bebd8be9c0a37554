export const seatLinkKeys = {
  version: 15,
  name: "registrants' links: a random key per seat; ids stay above a restored database's",
  sql: `
      -- Each seat's links are signed with its own random key (existing seats get theirs here), so a
      -- link made before a restore never opens a registration that takes the same number after it.
      ALTER TABLE session_seats ADD COLUMN link_key text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');
      -- Links already e-mailed for the seats of before keep working (their numbers are never issued again).
      ALTER TABLE session_seats ADD COLUMN legacy_links boolean NOT NULL DEFAULT true;
      ALTER TABLE session_seats ALTER COLUMN legacy_links SET DEFAULT false;
      -- The database these rows were written in. A restored (or moved) database carries its source's
      -- identity: when it differs from where the rows now are, every sequence is moved above the
      -- seconds since 2026 (a clock that only runs forward), so no id issued before the restore is
      -- issued again while fewer than one id a second is made.
      CREATE TABLE store_identity (id boolean PRIMARY KEY DEFAULT true CHECK (id), value text NOT NULL);
      CREATE FUNCTION keep_ids_above_restores() RETURNS boolean LANGUAGE plpgsql AS $$
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
        INSERT INTO store_identity (id, value) VALUES (true, here) ON CONFLICT (id) DO UPDATE SET value = here;
        RETURN moved;
      END $$;
      SELECT keep_ids_above_restores();
    `,
};
