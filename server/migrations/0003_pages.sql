-- Pages of posts in the three orders (contract/order.ts), each page costing the same however many
-- posts there are: an index per order, overall and per author (the home feed reads each followed
-- member's newest posts and merges them).
--
-- Trending orders by like count. So that an index can hold that order, each post carries its count
-- of likes, kept by the database itself in the same transaction as the reaction that changes it.
-- Answers still count likedBy from the reactions; this column only orders pages.

ALTER TABLE posts ADD COLUMN like_count integer NOT NULL DEFAULT 0 CHECK (like_count >= 0);
UPDATE posts SET like_count = (SELECT count(*) FROM reactions WHERE reactions.post_id = posts.id AND reactions.kind = 'like');

-- The trigger functions: server/sql/functions/posts_count_*.sql.
CREATE TRIGGER reactions_count_added AFTER INSERT ON reactions
  REFERENCING NEW TABLE AS added_reactions FOR EACH STATEMENT EXECUTE FUNCTION posts_count_added_likes();
CREATE TRIGGER reactions_count_removed AFTER DELETE ON reactions
  REFERENCING OLD TABLE AS removed_reactions FOR EACH STATEMENT EXECUTE FUNCTION posts_count_removed_likes();
CREATE TRIGGER reactions_count_changed AFTER UPDATE ON reactions
  REFERENCING OLD TABLE AS removed_reactions NEW TABLE AS added_reactions FOR EACH STATEMENT EXECUTE FUNCTION posts_count_changed_likes();

CREATE INDEX posts_oldest ON posts (created_at, id);
CREATE INDEX posts_trending ON posts (like_count DESC, created_at DESC, id);
CREATE INDEX posts_by_author_oldest ON posts (author_id, created_at, id);
CREATE INDEX posts_by_author_trending ON posts (author_id, like_count DESC, created_at DESC, id);
CREATE INDEX bookmarks_by_member ON bookmarks (member_id, seq DESC);
