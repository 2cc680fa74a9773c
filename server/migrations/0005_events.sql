-- The live stream (contract/events.ts). network_state holds the network's version: every write
-- raises it by the number of events it records (by one when it records none, a gap that tells a
-- stream behind it to load again), in the write's own transaction, so the row's lock orders the
-- writes' versions as they commit. events keeps the last of them for streams that reconnect.

CREATE TABLE network_state (
  version bigint NOT NULL
);
INSERT INTO network_state (version) VALUES (0);

CREATE TABLE events (
  id       bigint PRIMARY KEY,
  type     text NOT NULL,
  payload  jsonb NOT NULL
);
