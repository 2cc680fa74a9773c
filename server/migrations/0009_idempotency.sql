-- Creates answered under an Idempotency-Key (contract/idempotency.ts): one row per scope (a member's
-- id, or '' for signups) and key, claimed and completed in the create's own transaction, so a crash
-- keeps the create and its row together or neither. The primary key makes a second transaction
-- with the same key wait for the first to end. Rows older than a day are swept as keys are claimed.

CREATE TABLE idempotency_keys (
  scope        text COLLATE "C" NOT NULL,
  key          text COLLATE "C" NOT NULL,
  fingerprint  text NOT NULL,
  status       smallint,
  resource_id  text,
  created_at   timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);
