-- Each post's count of likes, as posts_count_added_likes: reactions changed (a like made a dislike,
-- or the other way), counted both ways in one UPDATE.
CREATE OR REPLACE FUNCTION posts_count_changed_likes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE posts SET like_count = like_count + changed.n
  FROM (
    SELECT post_id, sum(n) AS n FROM (
      SELECT post_id, count(*) AS n FROM added_reactions WHERE kind = 'like' GROUP BY post_id
      UNION ALL
      SELECT post_id, -count(*) AS n FROM removed_reactions WHERE kind = 'like' GROUP BY post_id
    ) AS both_sides GROUP BY post_id
  ) AS changed
  WHERE posts.id = changed.post_id AND changed.n <> 0;
  RETURN NULL;
END
$$;
