-- Each post's count of likes, as posts_count_added_likes: reactions removed.
CREATE OR REPLACE FUNCTION posts_count_removed_likes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE posts SET like_count = like_count - removed.n
  FROM (SELECT post_id, count(*) AS n FROM removed_reactions WHERE kind = 'like' GROUP BY post_id) AS removed
  WHERE posts.id = removed.post_id;
  RETURN NULL;
END
$$;
