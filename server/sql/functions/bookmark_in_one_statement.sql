-- A write in one statement, as react_in_one_statement.sql says of the three.
--
-- A bookmark added (true) or removed (false) (contract/rules/bookmarks.ts addBookmark,
-- removeBookmark): the refusal's key, or NULL.
CREATE OR REPLACE FUNCTION bookmark_in_one_statement(
  p_jti text, p_member text, p_username text, p_version integer,
  p_post text, p_bookmarked boolean, p_events_kept bigint, p_channel text
) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  refused text;
  author text;
  reposted text;
BEGIN
  refused := session_refusal(p_jti, p_member, p_username, p_version);
  IF refused IS NOT NULL THEN
    RETURN refused;
  END IF;
  SELECT author_id, repost_of INTO author, reposted FROM posts WHERE id = p_post;
  -- A repost's own id: the rules bookmark its original.
  IF reposted IS NOT NULL THEN
    RETURN 'recheck';
  END IF;
  IF FOUND AND author <> p_member AND blocked_between(p_member, author) THEN
    RETURN 'postNotFound';
  END IF;
  IF p_bookmarked THEN
    PERFORM 1 FROM posts WHERE id = p_post FOR NO KEY UPDATE;
    IF NOT FOUND THEN
      RETURN 'postNotFound';
    END IF;
    PERFORM 1 FROM bookmarks WHERE member_id = p_member AND post_id = p_post FOR UPDATE;
    IF FOUND THEN
      RETURN 'alreadyBookmarked';
    END IF;
    INSERT INTO bookmarks (member_id, post_id) VALUES (p_member, p_post);
  ELSE
    PERFORM 1 FROM bookmarks WHERE member_id = p_member AND post_id = p_post FOR UPDATE;
    IF NOT FOUND THEN
      PERFORM 1 FROM posts WHERE id = p_post FOR NO KEY UPDATE;
      RETURN CASE WHEN FOUND THEN 'notBookmarked' ELSE 'postNotFound' END;
    END IF;
    DELETE FROM bookmarks WHERE member_id = p_member AND post_id = p_post;
  END IF;
  PERFORM commit_events(jsonb_build_array(jsonb_build_object('type', 'bookmark-changed', 'memberId', p_member, 'postId', p_post, 'bookmarked', p_bookmarked)), p_events_kept, p_channel);
  RETURN NULL;
END $$;
