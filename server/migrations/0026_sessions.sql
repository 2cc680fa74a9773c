-- The devices members are logged in on (the `accounts` extension): one row per token, by its id.
-- Kept beside the network (not in its snapshot): a token in use makes its row again when next seen.
-- A row goes with its member; rows past their token's expiry are deleted as the member's next
-- device is seen.
CREATE TABLE sessions (
  id              text COLLATE "C" PRIMARY KEY,
  member_id       text COLLATE "C" NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  session_version integer NOT NULL,
  user_agent      text NOT NULL,
  address         text NOT NULL,
  created_at      timestamptz NOT NULL,
  last_seen_at    timestamptz NOT NULL,
  expires_at      timestamptz NOT NULL
);
CREATE INDEX sessions_by_member ON sessions (member_id);
