-- Reposts and quotes (the `reposts` extension). A repost is a post row of the reposter's with no
-- text or image, naming the post it reposts (`repost_of`): it goes with that post, and a member
-- reposts a post once. A quote is a post naming the post it quotes (`quote_of`), kept when that post
-- goes (the quote then shows it as no longer available). Each member says who may quote their posts.
ALTER TABLE posts ADD COLUMN repost_of text COLLATE "C" REFERENCES posts (id) ON DELETE CASCADE;
ALTER TABLE posts ADD COLUMN quote_of text COLLATE "C";
CREATE UNIQUE INDEX posts_one_repost ON posts (repost_of, author_id) WHERE repost_of IS NOT NULL;
CREATE INDEX posts_reposts_by_member ON posts (author_id, created_at DESC) WHERE repost_of IS NOT NULL;
CREATE INDEX posts_quotes ON posts (quote_of, created_at DESC, id) WHERE quote_of IS NOT NULL;

ALTER TABLE members ADD COLUMN quote_policy text NOT NULL DEFAULT 'anyone'
  CHECK (quote_policy IN ('anyone', 'followers', 'nobody'));

ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
  CHECK (kind IN ('follow', 'like', 'reply', 'mention', 'repost', 'quote'));
