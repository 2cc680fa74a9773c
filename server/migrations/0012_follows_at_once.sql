-- A follow or an unfollow in one statement (contract/rules/users.ts follow, unfollow), as the
-- writes of 0011_writes_at_once.sql: the session's check, the change, the followed member's
-- notification and the events in one function call. The refusal's key, or NULL.
CREATE FUNCTION follow_at_once(
  p_jti text, p_member text, p_username text, p_version integer,
  p_other text, p_following boolean, p_at timestamptz, p_notification_id text, p_notification_key text,
  p_unread_max integer, p_events_kept bigint, p_channel text
) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  refused text;
  told boolean := false;
  emitted jsonb;
  was_following boolean;
BEGIN
  refused := session_refusal(p_jti, p_member, p_username, p_version);
  IF refused IS NOT NULL THEN
    RETURN refused;
  END IF;
  IF p_other = p_member THEN
    RETURN CASE WHEN p_following THEN 'cannotFollowSelf' ELSE 'notFollowing' END;
  END IF;
  PERFORM 1 FROM members WHERE id = p_other FOR NO KEY UPDATE;
  IF NOT FOUND OR blocked_between(p_member, p_other) THEN
    RETURN 'userNotFound';
  END IF;
  PERFORM 1 FROM follows WHERE follower_id = p_member AND followee_id = p_other FOR UPDATE;
  was_following := FOUND;
  IF p_following THEN
    IF was_following THEN
      RETURN 'alreadyFollowing';
    END IF;
    INSERT INTO follows (follower_id, followee_id) VALUES (p_member, p_other);
  END IF;
  IF p_following AND NOT mutes_member(p_other, p_member) THEN
    PERFORM notification_join(p_other, 'follow', p_notification_key, p_notification_id, NULL, p_member, p_at);
    told := true;
  ELSIF NOT p_following THEN
    IF NOT was_following THEN
      RETURN 'notFollowing';
    END IF;
    DELETE FROM follows WHERE follower_id = p_member AND followee_id = p_other;
    told := notification_leave(p_other, p_notification_key, p_member);
  END IF;
  emitted := jsonb_build_array(jsonb_build_object('type', 'follow-changed', 'followerId', p_member, 'followeeId', p_other, 'following', p_following));
  IF told THEN
    emitted := emitted || jsonb_build_array(notifications_changed(p_other, p_unread_max));
  END IF;
  PERFORM commit_events(emitted, p_events_kept, p_channel);
  RETURN NULL;
END $$;
