-- Tags (the `tags` extension): one row per post and tag its text holds, in the normalised form
-- (contract/richText.ts), kept by the store on every insert, edit and import of a post; a post takes
-- its rows with it. Each row carries its post's creation time, so one index serves a tag's page,
-- newest first, at the same cost however many posts there are.
--
-- The tags are read from the text by the contract's parser, not in SQL: posts that were here before
-- this migration are marked unread, and the server reads their tags at start (rows written after
-- it are read as they are written).

CREATE TABLE post_tags (
  post_id     text COLLATE "C" NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  tag         text COLLATE "C" NOT NULL CHECK (tag <> ''),
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (post_id, tag)
);
CREATE INDEX post_tags_newest ON post_tags (tag, created_at DESC, post_id);

ALTER TABLE posts ADD COLUMN tags_read boolean NOT NULL DEFAULT false;
ALTER TABLE posts ALTER COLUMN tags_read SET DEFAULT true;
CREATE INDEX posts_tags_unread ON posts (id) WHERE NOT tags_read;
