-- Pages of posts in the three orders (contract/order.ts), each page costing the same however many
-- posts there are: an index per order, overall and per author (the home feed reads each followed
-- member's newest posts and merges them).
--
-- Trending orders by like count. So that an index can hold that order, each post carries its count
-- of likes, kept by the database itself in the same transaction as the reaction that changes it.
-- Answers still count likedBy from the reactions; this column only orders pages.

ALTER TABLE posts ADD COLUMN like_count integer NOT NULL DEFAULT 0 CHECK (like_count >= 0);
UPDATE posts SET like_count = (SELECT count(*) FROM reactions WHERE reactions.post_id = posts.id AND reactions.kind = 'like');

CREATE FUNCTION posts_keep_like_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.kind = 'like' THEN
    UPDATE posts SET like_count = like_count + 1 WHERE id = NEW.post_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.kind = 'like' THEN
    UPDATE posts SET like_count = like_count - 1 WHERE id = OLD.post_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER reactions_keep_like_count
  AFTER INSERT OR UPDATE OF kind OR DELETE ON reactions
  FOR EACH ROW EXECUTE FUNCTION posts_keep_like_count();

CREATE INDEX posts_oldest ON posts (created_at, id);
CREATE INDEX posts_trending ON posts (like_count DESC, created_at DESC, id);
CREATE INDEX posts_by_author_oldest ON posts (author_id, created_at, id);
CREATE INDEX posts_by_author_trending ON posts (author_id, like_count DESC, created_at DESC, id);
CREATE INDEX bookmarks_by_member ON bookmarks (member_id, seq DESC);
