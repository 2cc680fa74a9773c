-- Accounts their members set to be deleted (the `accounts` extension): hidden from everyone else
-- until `purge_at`, when the member and all they made go for good (server/store/leaving.ts).
CREATE TABLE account_deletions (
  member_id     text COLLATE "C" PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  requested_at  timestamptz NOT NULL,
  purge_at      timestamptz NOT NULL
);
CREATE INDEX account_deletions_due ON account_deletions (purge_at);
