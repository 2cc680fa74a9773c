-- Rate-limit counters every server process on the database shares (server/rateLimits.ts): one row
-- per rule and subject (a client address, a member, a username), its calls in the current window
-- and when that window ends. UNLOGGED: counters are not worth a write-ahead log; after a crash of
-- the database they start again from zero.

CREATE UNLOGGED TABLE rate_limit_counters (
  key       text COLLATE "C" PRIMARY KEY,
  hits      integer NOT NULL CHECK (hits > 0),
  reset_at  timestamptz NOT NULL
);
CREATE INDEX rate_limit_counters_by_end ON rate_limit_counters (reset_at);
