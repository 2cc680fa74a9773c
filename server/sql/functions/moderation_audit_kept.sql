-- The moderators' audit log is only ever added to (0036_moderation.sql): an UPDATE or a DELETE of
-- one of its rows fails, whoever asks. A whole network replaced (TRUNCATE) starts a new log.
CREATE OR REPLACE FUNCTION moderation_audit_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the moderation audit log is only ever added to: % refused', TG_OP;
END
$$;
