-- Each post's count of likes (posts.like_count, which orders Trending pages: 0003_pages.sql), kept by
-- the database in the same transaction as the reactions that change it. Statement-level triggers:
-- one UPDATE per statement however many reactions it changes (an import of a whole network included).
-- Reactions added.
CREATE OR REPLACE FUNCTION posts_count_added_likes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE posts SET like_count = like_count + added.n
  FROM (SELECT post_id, count(*) AS n FROM added_reactions WHERE kind = 'like' GROUP BY post_id) AS added
  WHERE posts.id = added.post_id;
  RETURN NULL;
END
$$;
