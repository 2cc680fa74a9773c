-- Members' reports to the network's moderators (the `moderation` extension): who reported what
-- (a post, a reply or a member, by id: not a foreign key, for what was reported may be edited or
-- deleted since) and why, with what was reported as it read then (`content`, jsonb), so moderators
-- read what the reporter read. The reports a member made go with them (ON DELETE CASCADE); those
-- about them stay. One open report per reporter and subject, held by a partial unique index; `seq`
-- keeps the order they were made in.
CREATE TABLE reports (
  id            text COLLATE "C" PRIMARY KEY,
  reporter_id   text COLLATE "C" NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  subject_kind  text NOT NULL CHECK (subject_kind IN ('post', 'reply', 'member')),
  subject_id    text COLLATE "C" NOT NULL,
  reason        text NOT NULL CHECK (reason IN ('spam', 'abuse', 'illegal', 'other')),
  comment       text NOT NULL,
  rule          integer CHECK (rule >= 0),
  status        text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved', 'dismissed')),
  content       jsonb NOT NULL,
  created_at    timestamptz NOT NULL,
  seq           bigserial NOT NULL
);
CREATE UNIQUE INDEX reports_one_open ON reports (reporter_id, subject_kind, subject_id) WHERE status = 'open';
CREATE INDEX reports_by_reporter ON reports (reporter_id, created_at DESC, seq DESC);
CREATE INDEX reports_by_subject ON reports (subject_kind, subject_id);
