-- A member's email address (the `accounts` extension), or empty for none: one account an address,
-- ignoring case. It is where a forgotten password's link goes.
ALTER TABLE members ADD COLUMN email text NOT NULL DEFAULT '';
CREATE UNIQUE INDEX members_email_key ON members (lower(email)) WHERE email <> '';

-- The links that set a new password: only each token's SHA-256 is kept, so a copy of the table
-- opens no account. A link is used once, within its time; the member's others go with it.
CREATE TABLE password_resets (
  token_hash  text COLLATE "C" PRIMARY KEY,
  member_id   text COLLATE "C" NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL,
  expires_at  timestamptz NOT NULL
);
CREATE INDEX password_resets_by_member ON password_resets (member_id, created_at);
