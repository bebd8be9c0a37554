import { submissionPerson } from './migrations/v23-submission-person';

// Pieces of SQL that two released migrations share word for word: never edit them either.
/**
 * Inside seat_for_registration (versions 11 and 13, the same text in both): the registration takes a
 * seat in session `sid`, or is refused when its held seats fill the capacity.
 */
const takeSeat = `        IF sid IS NOT NULL THEN
          SELECT count(*) INTO taken FROM held_seats WHERE session_id = sid;
          IF taken >= cap THEN
            RAISE EXCEPTION 'session % is full', sid USING ERRCODE = 'SF001';
          END IF;
          INSERT INTO session_seats (registration_id, session_id) VALUES (NEW.id, sid);
        END IF;`;

/** The amounts of an invoice and of a credit note (version 16, the same text in both tables). */
const taxAmounts = `        taxable_paise integer NOT NULL,
        cgst_paise integer NOT NULL,
        sgst_paise integer NOT NULL,
        igst_paise integer NOT NULL,
        total_paise integer NOT NULL,`;

/**
 * Inside confirm_seat (versions 11 and 13, the same text in both): the confirmation now and the
 * reminders 24 hours and 1 hour before the seat's session, those still ahead.
 */
const confirmationAndReminders = `          FROM (VALUES ('reg-confirmed', now()),
                       ('reg-reminder-24h', seat.starts_at - interval '24 hours'),
                       ('reg-reminder-1h', seat.starts_at - interval '1 hour')) AS r (source, at)
          WHERE r.source = 'reg-confirmed' OR r.at > now();`;

/**
 * Versioned schema changes, applied in order on start by both drivers (the same SQL for PGlite and
 * PostgreSQL). Never edit a released migration: add the next one.
 */
export const migrations: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  {
    version: 1,
    name: 'submissions, staff, sessions, builds',
    sql: `
      CREATE TABLE pro_audio_submissions (
        id serial PRIMARY KEY,
        full_name text NOT NULL,
        email text NOT NULL,
        phone text NOT NULL,
        availability text[] NOT NULL DEFAULT '{}',
        additional_services text[] NOT NULL DEFAULT '{}',
        budget text NOT NULL DEFAULT '',
        message text NOT NULL DEFAULT '',
        received_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE form_submissions (
        id serial PRIMARY KEY,
        form text NOT NULL,
        payload jsonb NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX form_submissions_form_idx ON form_submissions (form, id);
      CREATE TABLE staff (
        id serial PRIMARY KEY,
        name text NOT NULL UNIQUE,
        password_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE sessions (
        id text PRIMARY KEY,
        staff_id integer NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX sessions_expires_idx ON sessions (expires_at);
      CREATE TABLE builds (
        id serial PRIMARY KEY,
        status text NOT NULL CHECK (status IN ('running', 'succeeded', 'failed')),
        reason text NOT NULL DEFAULT '',
        folder text,
        log_tail text NOT NULL DEFAULT '',
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      );
    `,
  },
  {
    version: 2,
    name: 'builds: duration and first error line',
    sql: `
      ALTER TABLE builds ADD COLUMN duration_ms integer;
      ALTER TABLE builds ADD COLUMN first_error text NOT NULL DEFAULT '';
    `,
  },
  {
    version: 3,
    name: 'staff workspace: status, notes, history, payment claims, outbox',
    sql: `
      ALTER TABLE form_submissions ADD COLUMN status text NOT NULL DEFAULT 'new'
        CHECK (status IN ('new', 'in-progress', 'done', 'spam'));
      ALTER TABLE form_submissions ADD COLUMN note text NOT NULL DEFAULT '';
      CREATE INDEX form_submissions_status_idx ON form_submissions (form, status);
      ALTER TABLE pro_audio_submissions ADD COLUMN status text NOT NULL DEFAULT 'new'
        CHECK (status IN ('new', 'in-progress', 'done', 'spam'));
      ALTER TABLE pro_audio_submissions ADD COLUMN note text NOT NULL DEFAULT '';
      CREATE TABLE submission_events (
        id serial PRIMARY KEY,
        source text NOT NULL,
        submission_id integer NOT NULL,
        staff_name text NOT NULL,
        status text,
        note text,
        at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX submission_events_idx ON submission_events (source, submission_id, id);
      CREATE TABLE payment_claims (
        id serial PRIMARY KEY,
        utr text NOT NULL UNIQUE,
        contact text NOT NULL,
        reference text NOT NULL,
        amount_paise integer NOT NULL,
        page text NOT NULL,
        registration_form text,
        registration_id integer,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'verified', 'rejected')),
        reviewed_by text,
        reviewed_at timestamptz,
        received_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX payment_claims_registration_idx ON payment_claims (registration_form, registration_id);
      CREATE TABLE outbox (
        id serial PRIMARY KEY,
        source text NOT NULL,
        ref_id integer NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        next_at timestamptz NOT NULL DEFAULT now(),
        lease_until timestamptz,
        sent_at timestamptz,
        last_error text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX outbox_due_idx ON outbox (next_at) WHERE sent_at IS NULL;
      CREATE TABLE outbox_config (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        enabled boolean NOT NULL DEFAULT false
      );
      INSERT INTO outbox_config (id, enabled) VALUES (true, false);
      -- Every stored submission and claim adds its outbox row in the same transaction, while the
      -- server has notifications on (SMTP_URL and NOTIFY_TO set).
      CREATE FUNCTION outbox_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF (SELECT enabled FROM outbox_config) THEN
          INSERT INTO outbox (source, ref_id) VALUES (coalesce(to_jsonb(NEW) ->> 'form', TG_ARGV[0]), NEW.id);
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER form_submissions_outbox AFTER INSERT ON form_submissions
        FOR EACH ROW EXECUTE FUNCTION outbox_enqueue('form');
      CREATE TRIGGER pro_audio_outbox AFTER INSERT ON pro_audio_submissions
        FOR EACH ROW EXECUTE FUNCTION outbox_enqueue('pro-audio');
      CREATE TRIGGER payment_claims_outbox AFTER INSERT ON payment_claims
        FOR EACH ROW EXECUTE FUNCTION outbox_enqueue('claim');
    `,
  },
  {
    version: 4,
    name: 'daily jobs: one run a day across instances',
    sql: `
      CREATE TABLE job_runs (
        job text NOT NULL,
        day text NOT NULL,
        status text NOT NULL CHECK (status IN ('running', 'succeeded', 'failed')),
        outcome text NOT NULL DEFAULT '',
        attempts integer NOT NULL DEFAULT 1,
        lease_until timestamptz,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        PRIMARY KEY (job, day)
      );
    `,
  },
  {
    version: 5,
    name: 'several instances: shared limits, one build at a time',
    sql: `
      -- Rate limits and the sign-in brake, shared by every instance on one PostgreSQL.
      CREATE TABLE limit_counters (
        key text PRIMARY KEY,
        count integer NOT NULL,
        window_end timestamptz NOT NULL,
        next_at timestamptz NOT NULL DEFAULT '-infinity'
      );
      -- At most one running build across instances; a running build's instance renews its lease.
      ALTER TABLE builds ADD COLUMN lease_until timestamptz;
      UPDATE builds SET status = 'failed', finished_at = now(), first_error = 'The server stopped during this build.'
        WHERE status = 'running' AND id <> (SELECT max(id) FROM builds WHERE status = 'running');
      CREATE UNIQUE INDEX builds_one_running ON builds ((true)) WHERE status = 'running';
      -- Reasons for the next build, waiting for the running one (on any instance) to finish.
      CREATE TABLE build_queue (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        reasons text NOT NULL,
        queued_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    version: 6,
    name: 'one submissions table: the pro audio form stored as its payload like every form',
    sql: `
      -- A moved submission keeps answering to its old id (dashboard links, e-mails already sent).
      CREATE TABLE moved_submissions (
        form text NOT NULL,
        old_id integer NOT NULL,
        new_id integer NOT NULL REFERENCES form_submissions (id) ON DELETE CASCADE,
        PRIMARY KEY (form, old_id)
      );
      -- New ids start above every old one, so an old id never names a newer submission.
      SELECT setval(pg_get_serial_sequence('form_submissions', 'id'), n)
        FROM (SELECT greatest((SELECT max(id) FROM form_submissions), (SELECT max(id) FROM pro_audio_submissions)) AS n) m
        WHERE n IS NOT NULL;
      -- Moving is not arriving: no notification is queued for a moved submission.
      ALTER TABLE form_submissions DISABLE TRIGGER form_submissions_outbox;
      ALTER TABLE form_submissions ADD COLUMN moved_from integer;
      INSERT INTO form_submissions (form, payload, status, note, received_at, moved_from)
        SELECT 'pro-audio', jsonb_build_object('fullName', full_name, 'email', email, 'phone', phone,
            'availability', to_jsonb(availability), 'additionalServices', to_jsonb(additional_services),
            'budget', budget, 'message', message),
          status, note, received_at, id
        FROM pro_audio_submissions ORDER BY id;
      INSERT INTO moved_submissions (form, old_id, new_id)
        SELECT 'pro-audio', moved_from, id FROM form_submissions WHERE moved_from IS NOT NULL;
      ALTER TABLE form_submissions DROP COLUMN moved_from;
      ALTER TABLE form_submissions ENABLE TRIGGER form_submissions_outbox;
      UPDATE submission_events e SET submission_id = m.new_id FROM moved_submissions m
        WHERE e.source = 'pro-audio' AND m.form = 'pro-audio' AND e.submission_id = m.old_id;
      UPDATE outbox o SET ref_id = m.new_id FROM moved_submissions m
        WHERE o.source = 'pro-audio' AND m.form = 'pro-audio' AND o.ref_id = m.old_id;
      UPDATE payment_claims c SET registration_id = m.new_id FROM moved_submissions m
        WHERE c.registration_form = 'pro-audio' AND m.form = 'pro-audio' AND c.registration_id = m.old_id;
      DROP TABLE pro_audio_submissions;
      `,
  },
  {
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
  },
  {
    version: 11,
    name: 'sessions and intakes, seats, registrant messages',
    sql: `
      CREATE TABLE class_sessions (
        id serial PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('masterclass', 'course')),
        title text NOT NULL DEFAULT '',
        label text NOT NULL,
        starts_at timestamptz NOT NULL,
        duration_minutes integer NOT NULL CHECK (duration_minutes BETWEEN 15 AND 1440),
        capacity integer NOT NULL CHECK (capacity BETWEEN 1 AND 10000),
        mode text NOT NULL DEFAULT 'online' CHECK (mode IN ('online', 'offline')),
        meeting_url text NOT NULL DEFAULT '',
        location text NOT NULL DEFAULT '',
        status text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'cancelled')),
        sequence integer NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX class_sessions_upcoming_idx ON class_sessions (kind, starts_at);
      -- A masterclass registration's seat in a session; one per registration.
      CREATE TABLE session_seats (
        id serial PRIMARY KEY,
        registration_id integer NOT NULL UNIQUE,
        session_id integer NOT NULL REFERENCES class_sessions (id),
        held_at timestamptz NOT NULL DEFAULT now(),
        cancelled_at timestamptz,
        joined_at timestamptz
      );
      CREATE INDEX session_seats_session_idx ON session_seats (session_id);
      -- What holds a seat: a registration for 48 hours, then a payment claim that is not rejected.
      CREATE VIEW held_seats AS
        SELECT s.* FROM session_seats s
        WHERE s.cancelled_at IS NULL AND (s.held_at > now() - interval '48 hours' OR EXISTS (
          SELECT 1 FROM payment_claims c WHERE c.registration_form = 'masterclass'
            AND c.registration_id = s.registration_id AND c.status <> 'rejected'));
      CREATE TABLE app_secrets (name text PRIMARY KEY, value text NOT NULL);
      ALTER TABLE outbox ADD COLUMN to_address text;
      ALTER TABLE outbox ADD COLUMN detail jsonb;
      CREATE INDEX outbox_address_idx ON outbox (to_address, created_at);
      ALTER TABLE outbox_config ADD COLUMN registrant_enabled boolean NOT NULL DEFAULT false;
      -- A masterclass sign-up whose schedule names an upcoming session takes a seat in it, or is
      -- refused when the session is full: the session's row lock makes concurrent sign-ups count
      -- one after another. Every sign-up gets its acknowledgement (at most 3 a day per address).
      CREATE FUNCTION seat_for_registration() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        sid integer;
        cap integer;
        taken integer;
        address text := lower(NEW.payload ->> 'email');
      BEGIN
        SELECT id, capacity INTO sid, cap FROM class_sessions
          WHERE kind = 'masterclass' AND status = 'scheduled' AND starts_at > now()
            AND label = NEW.payload ->> 'schedule'
          ORDER BY starts_at LIMIT 1 FOR UPDATE;
${takeSeat}
        IF (SELECT registrant_enabled FROM outbox_config) AND address LIKE '%_@_%'
          AND (SELECT count(*) FROM outbox WHERE to_address = address AND created_at > now() - interval '1 day') < 3 THEN
          INSERT INTO outbox (source, ref_id, to_address, detail)
            VALUES ('reg-received', NEW.id, address, jsonb_build_object('sessionId', sid));
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER form_submissions_seat AFTER INSERT ON form_submissions
        FOR EACH ROW WHEN (NEW.form = 'masterclass') EXECUTE FUNCTION seat_for_registration();
      -- A verified payment for a seated registration queues its confirmation and both reminders.
      CREATE FUNCTION confirm_seat() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        seat record;
      BEGIN
        IF NOT (SELECT registrant_enabled FROM outbox_config) THEN RETURN NEW; END IF;
        SELECT s.id, s.session_id, c.starts_at, lower(f.payload ->> 'email') AS address INTO seat
          FROM session_seats s JOIN class_sessions c ON c.id = s.session_id
          JOIN form_submissions f ON f.id = s.registration_id
          WHERE s.registration_id = NEW.registration_id AND s.cancelled_at IS NULL;
        IF seat.id IS NULL OR EXISTS (SELECT 1 FROM outbox WHERE source = 'reg-confirmed' AND ref_id = seat.id) THEN
          RETURN NEW;
        END IF;
        -- The reminders whose time is still ahead (a payment verified an hour before gets none).
        INSERT INTO outbox (source, ref_id, to_address, detail, next_at)
          SELECT r.source, seat.id, seat.address, jsonb_build_object('sessionId', seat.session_id), r.at
${confirmationAndReminders}
        RETURN NEW;
      END $$;
      CREATE TRIGGER payment_claims_confirm AFTER UPDATE OF status ON payment_claims
        FOR EACH ROW WHEN (NEW.status = 'verified' AND OLD.status <> 'verified'
          AND NEW.registration_form = 'masterclass' AND NEW.registration_id IS NOT NULL)
        EXECUTE FUNCTION confirm_seat();
    `,
  },
  {
    version: 12,
    name: "visitors' personal data: notice versions, erasure tombstones, access log, requests",
    sql: `
      ALTER TABLE form_submissions ADD COLUMN notice_version text;
      ALTER TABLE submission_events ADD COLUMN field text;
      ALTER TABLE payment_claims ADD COLUMN kept_for text;
      -- The privacy notice the running site shows; each stored submission records it.
      CREATE TABLE privacy_config (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        notice_version text NOT NULL DEFAULT ''
      );
      INSERT INTO privacy_config (id, notice_version) VALUES (true, '');
      CREATE FUNCTION form_submissions_notice() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.notice_version := coalesce(NEW.notice_version, nullif((SELECT notice_version FROM privacy_config), ''));
        RETURN NEW;
      END $$;
      CREATE TRIGGER form_submissions_notice BEFORE INSERT ON form_submissions
        FOR EACH ROW EXECUTE FUNCTION form_submissions_notice();
      -- Proof of each erasure, without the person: a hash of their e-mail or phone.
      CREATE TABLE erasures (
        id serial PRIMARY KEY,
        subject_hash text NOT NULL,
        erased_at timestamptz NOT NULL DEFAULT now(),
        erased_by text NOT NULL,
        reason text NOT NULL
      );
      CREATE INDEX erasures_subject_idx ON erasures (subject_hash);
      -- Who viewed, exported, corrected or erased whose data (kept one year).
      CREATE TABLE privacy_log (
        id serial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        staff_name text NOT NULL,
        action text NOT NULL,
        subject_hash text NOT NULL,
        detail text NOT NULL DEFAULT ''
      );
      CREATE INDEX privacy_log_at_idx ON privacy_log (at);
      -- A visitor's request for correction or erasure; the address is kept only until it is answered.
      CREATE TABLE data_requests (
        id serial PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('correction', 'erasure')),
        subject_hash text NOT NULL,
        email text,
        details text NOT NULL DEFAULT '',
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done', 'refused')),
        created_at timestamptz NOT NULL DEFAULT now(),
        due_at timestamptz NOT NULL,
        done_at timestamptz,
        done_by text,
        outcome text NOT NULL DEFAULT ''
      );
      -- One-time links to the "Your data" page, stored as hashes of their tokens.
      CREATE TABLE data_links (
        id text PRIMARY KEY,
        email text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        session_id text UNIQUE
      );
    `,
  },
  {
    version: 13,
    name: 'course intakes: a course registration takes a seat in its intake; every registrant is confirmed',
    sql: `
      -- A seat is held by any registration's claim (a registration's id is unique across the forms).
      CREATE OR REPLACE VIEW held_seats AS
        SELECT s.* FROM session_seats s
        WHERE s.cancelled_at IS NULL AND (s.held_at > now() - interval '48 hours' OR EXISTS (
          SELECT 1 FROM payment_claims c WHERE c.registration_id = s.registration_id AND c.status <> 'rejected'));
      -- A masterclass sign-up takes a seat in the session its schedule names; a course registration in
      -- the intake its optional "Intake" key names (the intake's id). Each is refused when full.
      CREATE OR REPLACE FUNCTION seat_for_registration() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        sid integer;
        cap integer;
        taken integer;
        address text := lower(coalesce(NEW.payload ->> 'email', NEW.payload ->> 'Email'));
      BEGIN
        IF NEW.form = 'masterclass' THEN
          SELECT id, capacity INTO sid, cap FROM class_sessions
            WHERE kind = 'masterclass' AND status = 'scheduled' AND starts_at > now()
              AND label = NEW.payload ->> 'schedule'
            ORDER BY starts_at LIMIT 1 FOR UPDATE;
        ELSIF NEW.payload ->> 'Intake' ~ '^[0-9]{1,9}$' THEN
          SELECT id, capacity INTO sid, cap FROM class_sessions
            WHERE kind = 'course' AND status = 'scheduled' AND starts_at > now()
              AND id = (NEW.payload ->> 'Intake')::integer
            FOR UPDATE;
        END IF;
${takeSeat}
        IF (SELECT registrant_enabled FROM outbox_config) AND address LIKE '%_@_%'
          AND (SELECT count(*) FROM outbox WHERE to_address = address AND source = 'reg-received'
                 AND created_at > now() - interval '1 day') < 3 THEN
          INSERT INTO outbox (source, ref_id, to_address, detail)
            VALUES ('reg-received', NEW.id, address, jsonb_build_object('sessionId', sid));
        END IF;
        RETURN NEW;
      END $$;
      DROP TRIGGER form_submissions_seat ON form_submissions;
      CREATE TRIGGER form_submissions_seat AFTER INSERT ON form_submissions
        FOR EACH ROW WHEN (NEW.form IN ('masterclass', 'certification', 'diploma'))
        EXECUTE FUNCTION seat_for_registration();
      -- A verified payment queues the seat's confirmation and reminders; a registration without a
      -- seat (no intake chosen, or a schedule no session carries) gets word that its payment is verified.
      CREATE OR REPLACE FUNCTION confirm_seat() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        seat record;
        address text;
      BEGIN
        IF NOT (SELECT registrant_enabled FROM outbox_config) THEN RETURN NEW; END IF;
        SELECT s.id, s.session_id, c.starts_at INTO seat
          FROM session_seats s JOIN class_sessions c ON c.id = s.session_id
          WHERE s.registration_id = NEW.registration_id AND s.cancelled_at IS NULL;
        IF seat.id IS NULL THEN
          SELECT lower(coalesce(payload ->> 'email', payload ->> 'Email')) INTO address
            FROM form_submissions WHERE id = NEW.registration_id;
          IF address LIKE '%_@_%' AND NOT EXISTS (
            SELECT 1 FROM outbox WHERE source = 'reg-paid' AND ref_id = NEW.registration_id) THEN
            INSERT INTO outbox (source, ref_id, to_address) VALUES ('reg-paid', NEW.registration_id, address);
          END IF;
          RETURN NEW;
        END IF;
        IF EXISTS (SELECT 1 FROM outbox WHERE source = 'reg-confirmed' AND ref_id = seat.id) THEN
          RETURN NEW;
        END IF;
        SELECT lower(coalesce(payload ->> 'email', payload ->> 'Email')) INTO address
          FROM form_submissions WHERE id = NEW.registration_id;
        -- The reminders whose time is still ahead (a payment verified an hour before gets none).
        INSERT INTO outbox (source, ref_id, to_address, detail, next_at)
          SELECT r.source, seat.id, address, jsonb_build_object('sessionId', seat.session_id), r.at
${confirmationAndReminders}
        RETURN NEW;
      END $$;
      DROP TRIGGER payment_claims_confirm ON payment_claims;
      CREATE TRIGGER payment_claims_confirm AFTER UPDATE OF status ON payment_claims
        FOR EACH ROW WHEN (NEW.status = 'verified' AND OLD.status <> 'verified'
          AND NEW.registration_form IN ('masterclass', 'certification', 'diploma') AND NEW.registration_id IS NOT NULL)
        EXECUTE FUNCTION confirm_seat();
    `,
  },
  {
    version: 14,
    name: "personal data: an append-only access log, data requests told to staff, visitors' mail through the outbox",
    sql: `
      -- The access log only grows: an UPDATE, DELETE or TRUNCATE is refused, except the retention
      -- purge's DELETE, which sets studio.purging_access_log for its own transaction
      -- (set_config(..., true)). A restore replaces every table with its triggers off.
      CREATE FUNCTION privacy_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' AND current_setting('studio.purging_access_log', true) = 'on' THEN
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'the access log is append-only: % refused', TG_OP USING ERRCODE = 'SP001';
      END $$;
      CREATE TRIGGER privacy_log_append_only BEFORE UPDATE OR DELETE ON privacy_log
        FOR EACH ROW EXECUTE FUNCTION privacy_log_append_only();
      CREATE TRIGGER privacy_log_no_truncate BEFORE TRUNCATE ON privacy_log
        FOR EACH STATEMENT EXECUTE FUNCTION privacy_log_append_only();
      -- When staff were told that an open request is past its due date (once).
      ALTER TABLE data_requests ADD COLUMN overdue_told_at timestamptz;
      CREATE INDEX data_requests_open_idx ON data_requests (due_at) WHERE status = 'open';
      -- A message about personal data (privacy-*) forgets its address and text once it is sent.
      CREATE FUNCTION outbox_forget_privacy() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.to_address := NULL;
        NEW.detail := NULL;
        RETURN NEW;
      END $$;
      CREATE TRIGGER outbox_forget_privacy BEFORE UPDATE OF sent_at ON outbox
        FOR EACH ROW WHEN (NEW.sent_at IS NOT NULL AND OLD.sent_at IS NULL AND NEW.source LIKE 'privacy-%')
        EXECUTE FUNCTION outbox_forget_privacy();
    `,
  },
  {
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
  },
  {
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
  },
  {
    version: 17,
    name: 'attendance at the door: when a seat was checked in',
    sql: `
      -- Offline attendance: set once when door staff scan the ticket (online attendance is joined_at).
      ALTER TABLE session_seats ADD COLUMN checked_in_at timestamptz;
    `,
  },
  {
    version: 18,
    name: 'waitlists: a full session or intake keeps a queue; a freed seat is offered to the first person waiting',
    sql: `
      -- A person waiting for a seat in a full session or intake, with their sign-up as they sent it.
      -- waiting -> offered (a registration and its seat made for them, held until offer_expires_at)
      -- -> taken (they claimed a payment) or lapsed (the seat released, offered to the next).
      CREATE TABLE waitlist (
        id serial PRIMARY KEY,
        session_id integer NOT NULL REFERENCES class_sessions (id),
        form text NOT NULL,
        payload jsonb NOT NULL,
        email text NOT NULL,
        position integer NOT NULL,
        joined_at timestamptz NOT NULL DEFAULT now(),
        status text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'offered', 'taken', 'lapsed')),
        registration_id integer,
        offered_at timestamptz,
        offer_expires_at timestamptz
      );
      CREATE INDEX waitlist_session_idx ON waitlist (session_id, status, position);
      CREATE INDEX waitlist_offer_idx ON waitlist (offer_expires_at) WHERE status = 'offered';
      -- A freed seat belongs to the people waiting: a seat is refused while the seats left are no more
      -- than the people waiting (the sign-up's trigger holds its session's row); only an offer
      -- (studio.offering on for its transaction) takes one.
      CREATE FUNCTION seat_after_waitlist() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        waiting integer := (SELECT count(*) FROM waitlist WHERE session_id = NEW.session_id AND status = 'waiting');
      BEGIN
        IF waiting > 0 AND coalesce(current_setting('studio.offering', true), '') <> 'on'
          AND (SELECT count(*) FROM held_seats WHERE session_id = NEW.session_id) + waiting
            > (SELECT capacity FROM class_sessions WHERE id = NEW.session_id) THEN
          RAISE EXCEPTION 'session % is full', NEW.session_id USING ERRCODE = 'SF001';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER session_seats_after_waitlist AFTER INSERT ON session_seats
        FOR EACH ROW EXECUTE FUNCTION seat_after_waitlist();
    `,
  },
  {
    version: 19,
    name: 'certificates: completion of an intake, participation in a masterclass; revoked, or withdrawn on erasure',
    sql: `
      -- One certificate per seat, with what it shows as it was issued (the studio, the holder as
      -- registered, the course and its dates). The serial is public (the verification page); its
      -- random part keeps it from being guessed. Erasure withdraws it and clears the holder.
      CREATE TABLE certificates (
        id serial PRIMARY KEY,
        serial text NOT NULL UNIQUE CHECK (serial ~ '^[A-Z]{4}-[0-9]{4}-[0-9A-Z]{10}$'),
        seat_id integer NOT NULL UNIQUE REFERENCES session_seats (id),
        registration_id integer NOT NULL,
        kind text NOT NULL CHECK (kind IN ('completion', 'participation')),
        studio_name text NOT NULL,
        holder_name text NOT NULL,
        course text NOT NULL,
        starts_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        issued_at timestamptz NOT NULL DEFAULT now(),
        issued_by text NOT NULL,
        revoked_at timestamptz,
        revoked_by text,
        revoke_reason text,
        withdrawn_at timestamptz
      );
      CREATE INDEX certificates_registration_idx ON certificates (registration_id);
    `,
  },
  {
    version: 20,
    name: 'attendance at the door: the scan that checked a seat in',
    sql: `
      -- The phone's own id of the scan that checked the seat in: that scan sent again (a queued
      -- offline scan replayed) gets the same answer, never a second check-in.
      ALTER TABLE session_seats ADD COLUMN checked_in_scan text;
    `,
  },
  {
    version: 21,
    name: 'builds: a build stopped for a newer request is replaced, not failed',
    sql: `
      -- The daily or start-up build an editor's save stopped (on any instance): not a failure.
      ALTER TABLE builds DROP CONSTRAINT builds_status_check;
      ALTER TABLE builds ADD CONSTRAINT builds_status_check
        CHECK (status IN ('running', 'succeeded', 'failed', 'replaced'));
      UPDATE builds SET status = 'replaced' WHERE status = 'failed' AND first_error LIKE 'Replaced by a newer request%';
    `,
  },
  submissionPerson,
];
