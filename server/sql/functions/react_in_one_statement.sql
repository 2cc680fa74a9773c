-- A write in one statement (this, bookmark_in_one_statement and follow_in_one_statement): checked, made, counted,
-- notified and recorded by one function call, so the rows it locks (the post's, the network's
-- version) are held for that one statement rather than across round trips. It does what
-- contract/rules/ does, in the same order and with the same refusals (it returns the refusal's key;
-- the caller turns it into the contract's answer); the contract's suite runs on both paths.
--
-- A like ('like') or a dislike ('dislike') of a post (contract/rules/posts.ts likePost, dislikePost):
-- the refusal's key, or NULL and the post's counts after it and the caller's reaction.
CREATE OR REPLACE FUNCTION react_in_one_statement(
  p_jti text, p_member text, p_username text, p_version integer,
  p_post text, p_kind text, p_at timestamptz, p_notification_id text, p_notification_key text,
  p_unread_max integer, p_events_kept bigint, p_channel text
) RETURNS TABLE (refusal text, like_count integer, dislike_count integer)
LANGUAGE plpgsql AS $$
DECLARE
  refused text;
  author text;
  reposted text;
  was text;
  likes integer;
  dislikes integer;
  emitted jsonb;
  told boolean := false;
BEGIN
  refused := session_refusal(p_jti, p_member, p_username, p_version);
  IF refused IS NOT NULL THEN
    RETURN QUERY SELECT refused, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  SELECT author_id, repost_of INTO author, reposted FROM posts WHERE id = p_post FOR NO KEY UPDATE;
  -- A repost's own id: the rules like its original.
  IF reposted IS NOT NULL THEN
    RETURN QUERY SELECT 'recheck'::text, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  IF NOT FOUND OR (author <> p_member AND blocked_between(p_member, author)) THEN
    RETURN QUERY SELECT 'postNotFound'::text, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  SELECT kind INTO was FROM reactions WHERE post_id = p_post AND member_id = p_member;
  IF p_kind = 'like' THEN
    IF was = 'like' THEN
      refused := 'alreadyLiked';
    END IF;
  ELSE
    IF NOT EXISTS (SELECT 1 FROM reactions WHERE post_id = p_post AND kind = 'like') THEN
      refused := 'likeBelowZero';
    ELSIF was = 'dislike' THEN
      refused := 'alreadyDisliked';
    ELSIF was IS DISTINCT FROM 'like' THEN
      refused := 'likeBelowZero';
    END IF;
  END IF;
  IF refused IS NOT NULL THEN
    RETURN QUERY SELECT refused, NULL::integer, NULL::integer;
    RETURN;
  END IF;

  INSERT INTO reactions (post_id, member_id, kind) VALUES (p_post, p_member, p_kind)
    ON CONFLICT (post_id, member_id) DO UPDATE SET kind = EXCLUDED.kind, seq = nextval('reaction_order');
  SELECT count(*) FILTER (WHERE kind = 'like')::integer, count(*) FILTER (WHERE kind = 'dislike')::integer
    INTO likes, dislikes FROM reactions WHERE post_id = p_post;
  emitted := jsonb_build_array(jsonb_build_object('type', 'post-reacted', 'postId', p_post, 'memberId', p_member,
    'reaction', p_kind, 'likeCount', likes, 'dislikeCount', dislikes));

  -- The author's notification of the post's likes: joined by a like, left by a like taken back.
  IF author <> p_member THEN
    IF p_kind = 'like' AND mutes_member(author, p_member) THEN
      -- The author mutes the member: their like tells the author nothing.
      told := false;
    ELSIF p_kind = 'like' THEN
      PERFORM notification_join(author, 'like', p_notification_key, p_notification_id, p_post, p_member, p_at);
      told := true;
    ELSE
      told := notification_leave(author, p_notification_key, p_member);
    END IF;
    IF told THEN
      emitted := emitted || jsonb_build_array(notifications_changed(author, p_unread_max));
    END IF;
  END IF;

  PERFORM commit_events(emitted, p_events_kept, p_channel);
  RETURN QUERY SELECT NULL::text, likes, dislikes;
END $$;
