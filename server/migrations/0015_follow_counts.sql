-- A follow or an unfollow answers its counts (the `change-counts` extension): the function of
-- 0012_follows_at_once.sql now also returns how many follow the other member and how many the caller
-- follows after it, read inside the same statement, so that answer needs no read of its own.

DROP FUNCTION follow_at_once(text, text, text, integer, text, boolean, timestamptz, text, text, integer, bigint, text);

-- contract/rules/users.ts follow and unfollow: the refusal's key, or NULL and the counts after it.
CREATE FUNCTION follow_at_once(
  p_jti text, p_member text, p_username text, p_version integer,
  p_other text, p_following boolean, p_at timestamptz, p_notification_id text, p_notification_key text,
  p_unread_max integer, p_events_kept bigint, p_channel text
) RETURNS TABLE (refusal text, follower_count integer, following_count integer)
LANGUAGE plpgsql AS $$
DECLARE
  refused text;
  told boolean := false;
  emitted jsonb;
  was_following boolean;
BEGIN
  refused := session_refusal(p_jti, p_member, p_username, p_version);
  IF refused IS NULL AND p_other = p_member THEN
    refused := CASE WHEN p_following THEN 'cannotFollowSelf' ELSE 'notFollowing' END;
  END IF;
  IF refused IS NULL THEN
    PERFORM 1 FROM members WHERE id = p_other FOR NO KEY UPDATE;
    IF NOT FOUND OR blocked_between(p_member, p_other) THEN
      refused := 'userNotFound';
    END IF;
  END IF;
  IF refused IS NULL THEN
    PERFORM 1 FROM follows WHERE follower_id = p_member AND followee_id = p_other FOR UPDATE;
    was_following := FOUND;
    IF p_following AND was_following THEN
      refused := 'alreadyFollowing';
    ELSIF NOT p_following AND NOT was_following THEN
      refused := 'notFollowing';
    END IF;
  END IF;
  IF refused IS NOT NULL THEN
    RETURN QUERY SELECT refused, NULL::integer, NULL::integer;
    RETURN;
  END IF;

  IF p_following THEN
    INSERT INTO follows (follower_id, followee_id) VALUES (p_member, p_other);
    IF NOT mutes_member(p_other, p_member) THEN
      PERFORM notification_join(p_other, 'follow', p_notification_key, p_notification_id, NULL, p_member, p_at);
      told := true;
    END IF;
  ELSE
    DELETE FROM follows WHERE follower_id = p_member AND followee_id = p_other;
    told := notification_leave(p_other, p_notification_key, p_member);
  END IF;
  emitted := jsonb_build_array(jsonb_build_object('type', 'follow-changed', 'followerId', p_member, 'followeeId', p_other, 'following', p_following));
  IF told THEN
    emitted := emitted || jsonb_build_array(notifications_changed(p_other, p_unread_max));
  END IF;
  PERFORM commit_events(emitted, p_events_kept, p_channel);
  RETURN QUERY SELECT NULL::text,
    (SELECT count(*)::integer FROM follows WHERE followee_id = p_other),
    (SELECT count(*)::integer FROM follows WHERE follower_id = p_member);
END $$;
