-- The moderators' queue, a page at a time however many reports there are.
--
-- A member's history on the queue counts the closed reports about them or about what they wrote:
-- the member a report is about is the subject for a report of a member, else the author it kept.
-- Open reports are left out (the queue reads those by their own indexes), so it holds what a history
-- counts and nothing else; it takes the place of the index of every report by its author.
CREATE INDEX reports_closed_about_member ON reports ((CASE WHEN subject_kind = 'member' THEN subject_id ELSE content ->> 'authorId' END))
  WHERE status <> 'open';
DROP INDEX reports_about_author;
