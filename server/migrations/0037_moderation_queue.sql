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
