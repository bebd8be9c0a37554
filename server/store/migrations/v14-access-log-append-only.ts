export const accessLogAppendOnly = {
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
};
