-- The moderators' half of the `moderation` extension.
--
-- A report's rule is now the id of one of the network's rules, kept with its title as it read
-- then; a report named by an index keeps the rule at that index, if there is one.
ALTER TABLE reports ADD COLUMN rule_id text, ADD COLUMN rule_title text;
UPDATE reports r SET rule_id = n.rules -> r.rule ->> 'id', rule_title = n.rules -> r.rule ->> 'title'
  FROM network_rules n WHERE r.rule IS NOT NULL;
ALTER TABLE reports DROP COLUMN rule;
ALTER TABLE reports ADD CONSTRAINT reports_rule_whole CHECK ((rule_id IS NULL) = (rule_title IS NULL));
-- The queue (open reports, newest first), the count, and a member's history (reports about them or
-- about what they wrote).
CREATE INDEX reports_open ON reports (created_at DESC, id DESC) WHERE status = 'open';
CREATE INDEX reports_about_author ON reports ((content ->> 'authorId'));

-- Where a member stands with the moderators: no row, in good standing; 'limited', their posts reach
-- their followers alone; 'suspended', they cannot log in and nobody sees them.
CREATE TABLE member_standing (
  member_id  text COLLATE "C" PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  standing   text NOT NULL CHECK (standing IN ('limited', 'suspended'))
);

-- The audit log: who did what, to what and whom, why, and when, with the names as they read then
-- (no foreign key: the log outlives the members it names). Only ever added to: a trigger refuses
-- every UPDATE and DELETE, and the app has no call that changes it.
CREATE TABLE moderation_audit (
  id               text COLLATE "C" PRIMARY KEY,
  actor_id         text COLLATE "C" NOT NULL,
  actor_username   text NOT NULL,
  action           text NOT NULL CHECK (action IN ('dismiss', 'remove', 'warn', 'limit', 'suspend', 'unlimit', 'unsuspend')),
  subject_kind     text NOT NULL CHECK (subject_kind IN ('post', 'reply', 'member')),
  subject_id       text COLLATE "C" NOT NULL,
  member_id        text COLLATE "C",
  member_username  text,
  reason           text NOT NULL,
  report_ids       jsonb NOT NULL DEFAULT '[]',
  created_at       timestamptz NOT NULL,
  seq              bigserial NOT NULL UNIQUE
);
CREATE INDEX moderation_audit_by_member ON moderation_audit (member_id, seq DESC);
CREATE TRIGGER moderation_audit_kept BEFORE UPDATE OR DELETE ON moderation_audit
  FOR EACH ROW EXECUTE FUNCTION moderation_audit_kept();
