-- Whether this database holds the demo network (contract/seed/default.ts), whose members' password
-- is published: GET /api/health says so (`demo`), and the app then offers to fill in the demo
-- account. One row, written by the server that seeded it, in the same transaction as the seed, so
-- every process on the database and every restart agree.
CREATE TABLE demo_network (
  one_row   boolean PRIMARY KEY DEFAULT true CHECK (one_row),
  seeded_at timestamptz NOT NULL DEFAULT now()
);

-- A database seeded before this table says so by the demo member's fixed id.
INSERT INTO demo_network (seeded_at)
SELECT created_at FROM members WHERE id = 'u-ava-reed';
