-- The moderators' queue, a page at a time however many reports are open.
--
-- Each subject's open reports, newest first: a page's subjects are the open reports (by
-- reports_open, newest first) that no newer open report of the same subject follows, each found by
-- one probe here; then the page's subjects' reports, read from here alone. Every read of a
-- subject's reports is of its open ones, so this takes the place of the index of all of them.
CREATE INDEX reports_open_by_subject ON reports (subject_kind, subject_id, created_at DESC, id DESC) WHERE status = 'open';
DROP INDEX reports_by_subject;

-- A member's history on the queue counts the closed reports about them or about what they wrote:
-- the member a report is about is the subject for a report of a member, else the author it kept.
-- Open reports are left out (the queue reads them by the index above), so it holds what a history
-- counts and nothing else; it takes the place of the index of every report by its author.
CREATE INDEX reports_closed_about_member ON reports ((CASE WHEN subject_kind = 'member' THEN subject_id ELSE content ->> 'authorId' END))
  WHERE status <> 'open';
DROP INDEX reports_about_author;

-- How many reports are open, kept as they are made, closed and deleted: the queue and the count
-- moderators see read one row, where counting read an index entry for every open report (and, on
-- PGlite, which never vacuums, its row too). One row for the network: writes of reports wait for
-- each other there, and reports are few. The trigger function: server/sql/functions/open_reports_counted.sql.
CREATE TABLE open_report_count (
  count bigint NOT NULL CHECK (count >= 0)
);
INSERT INTO open_report_count (count) SELECT count(*) FROM reports WHERE status = 'open';
CREATE TRIGGER reports_counted_added AFTER INSERT ON reports
  REFERENCING NEW TABLE AS added_reports FOR EACH STATEMENT EXECUTE FUNCTION open_reports_counted();
CREATE TRIGGER reports_counted_changed AFTER UPDATE ON reports
  REFERENCING OLD TABLE AS removed_reports NEW TABLE AS added_reports FOR EACH STATEMENT EXECUTE FUNCTION open_reports_counted();
CREATE TRIGGER reports_counted_removed AFTER DELETE ON reports
  REFERENCING OLD TABLE AS removed_reports FOR EACH STATEMENT EXECUTE FUNCTION open_reports_counted();
CREATE TRIGGER reports_counted_emptied AFTER TRUNCATE ON reports
  FOR EACH STATEMENT EXECUTE FUNCTION open_reports_counted();
