-- The members nobody else sees: those who asked to leave (an account set to be deleted, seen by its
-- member alone until it is purged) and those the moderators suspended. One rule, read wherever a
-- member's acts are shown; a member both leaving and suspended is listed twice.
CREATE VIEW hidden_members AS
  SELECT member_id FROM account_deletions
  UNION ALL
  SELECT member_id FROM member_standing WHERE standing = 'suspended';
