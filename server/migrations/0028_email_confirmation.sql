-- Whether a member showed that their email address is theirs (the `accounts` extension), by a
-- mailed link; and those links, kept by each token's SHA-256 alone, for the address they confirm.
ALTER TABLE members ADD COLUMN email_confirmed boolean NOT NULL DEFAULT false;

CREATE TABLE email_confirmations (
  token_hash  text COLLATE "C" PRIMARY KEY,
  member_id   text COLLATE "C" NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  email       text NOT NULL,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX email_confirmations_by_member ON email_confirmations (member_id, created_at);
