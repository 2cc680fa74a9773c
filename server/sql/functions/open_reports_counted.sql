-- How many reports are open (open_report_count, which the moderators' queue and its count read:
-- 0038_moderation_queue.sql), kept by the database in the same transaction as the reports that
-- change it. Statement-level triggers: one UPDATE per statement however many reports it adds, closes
-- or deletes (an import of a whole network, a member's reports gone with them, included), none when
-- it opens or closes none; a network replaced (TRUNCATE) starts again at none.
CREATE OR REPLACE FUNCTION open_reports_counted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change bigint := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE open_report_count SET count = 0;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    change := change + (SELECT count(*) FROM added_reports WHERE status = 'open');
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    change := change - (SELECT count(*) FROM removed_reports WHERE status = 'open');
  END IF;
  IF change <> 0 THEN
    UPDATE open_report_count SET count = count + change;
  END IF;
  RETURN NULL;
END
$$;
