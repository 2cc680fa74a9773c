-- A member's two-factor sign-in (the `accounts` extension), apart from their row so that only login
-- and the account's settings read the key: the authenticator's key, the time step of the last code
-- accepted (no code is taken twice), and the SHA-256 of each recovery code not used yet.
CREATE TABLE two_factor (
  member_id             text COLLATE "C" PRIMARY KEY REFERENCES members (id) ON DELETE CASCADE,
  secret                text NOT NULL,
  last_step             bigint NOT NULL DEFAULT 0,
  recovery_code_hashes  text[] NOT NULL DEFAULT '{}',
  enabled_at            timestamptz NOT NULL
);
