-- Mute and block (the `mute-block` extension). One row per pair, in the order they were made
-- (`seq`). A post list leaves out the authors its viewer mutes or is in a block with by primary-key
-- probes of these tables, one per post read; who blocks a member is read by the second index.

CREATE TABLE mutes (
  member_id  text COLLATE "C" NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  muted_id   text COLLATE "C" NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  seq        bigserial NOT NULL,
  PRIMARY KEY (member_id, muted_id),
  CHECK (member_id <> muted_id)
);

CREATE TABLE blocks (
  blocker_id  text COLLATE "C" NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  blocked_id  text COLLATE "C" NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  seq         bigserial NOT NULL,
  PRIMARY KEY (blocker_id, blocked_id),
  CHECK (blocker_id <> blocked_id)
);
CREATE INDEX blocks_by_blocked ON blocks (blocked_id, blocker_id);
