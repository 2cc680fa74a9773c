-- Replies to posts (the `replies` extension) and their likes. A post's replies are read oldest
-- first a page at a time, and counted per post, by one index. A reply answering another names that
-- reply and its author; when the answered reply is deleted the name stays (reply_to_id is cleared).
-- A post takes its replies with it, a reply its likes.

CREATE TABLE replies (
  id                  text COLLATE "C" PRIMARY KEY CHECK (id <> ''),
  post_id             text COLLATE "C" NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
  author_id           text COLLATE "C" NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  content             text NOT NULL,
  reply_to_id         text COLLATE "C" REFERENCES replies (id) ON DELETE SET NULL,
  reply_to_author_id  text COLLATE "C" REFERENCES members (id) ON DELETE SET NULL,
  created_at          timestamptz NOT NULL
);
CREATE INDEX replies_in_order ON replies (post_id, created_at, id);
CREATE INDEX replies_by_author ON replies (author_id);
-- Deleting a reply clears reply_to_id in those that answered it: found by this index, not a scan.
CREATE INDEX replies_answering ON replies (reply_to_id) WHERE reply_to_id IS NOT NULL;
CREATE INDEX replies_naming ON replies (reply_to_author_id) WHERE reply_to_author_id IS NOT NULL;

CREATE TABLE reply_likes (
  reply_id   text COLLATE "C" NOT NULL REFERENCES replies (id) ON DELETE CASCADE,
  member_id  text COLLATE "C" NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  seq        bigserial NOT NULL,
  PRIMARY KEY (reply_id, member_id)
);
CREATE INDEX reply_likes_in_order ON reply_likes (reply_id, seq);
CREATE INDEX reply_likes_by_member ON reply_likes (member_id);
