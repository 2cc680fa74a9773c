-- A write in one statement, as react_in_one_statement.sql says of the three.
--
-- A follow or an unfollow (contract/rules/users.ts follow, unfollow): the session's check, the
-- change, the followed member's notification and the events; the refusal's key, or NULL and the
-- counts after it (how many follow the other member, how many the caller follows: the
-- `change-counts` extension), read inside the same statement.
--
-- Follows of one member go side by side, not in turns:
-- - The followed member's row is held FOR SHARE: shared with the other follows of that member,
--   still exclusive of a block, which locks both members' rows (contract/rules/relations.ts block).
-- - A follow made twice at once is caught by the follows row itself (the insert that finds it, the
--   delete that finds none), with the same refusals.
-- - The followed member's unread count is read once the network's version is taken: writes take it
--   in the order they commit, so the count each event carries has seen every notification committed
--   before it.
CREATE OR REPLACE FUNCTION follow_in_one_statement(
  p_jti text, p_member text, p_username text, p_version integer,
  p_other text, p_following boolean, p_at timestamptz, p_notification_id text, p_notification_key text,
  p_unread_max integer, p_events_kept bigint, p_channel text
) RETURNS TABLE (refusal text, follower_count integer, following_count integer)
LANGUAGE plpgsql AS $$
DECLARE
  refused text;
  told boolean := false;
  emitted jsonb;
  touched integer;
  followers integer;
  followed integer;
BEGIN
  refused := session_refusal(p_jti, p_member, p_username, p_version);
  IF refused IS NULL AND p_other = p_member THEN
    refused := CASE WHEN p_following THEN 'cannotFollowSelf' ELSE 'notFollowing' END;
  END IF;
  IF refused IS NULL THEN
    PERFORM 1 FROM members WHERE id = p_other FOR SHARE;
    IF NOT FOUND OR blocked_between(p_member, p_other) THEN
      refused := 'userNotFound';
    END IF;
  END IF;
  IF refused IS NULL THEN
    IF p_following THEN
      INSERT INTO follows (follower_id, followee_id) VALUES (p_member, p_other) ON CONFLICT DO NOTHING;
    ELSE
      DELETE FROM follows WHERE follower_id = p_member AND followee_id = p_other;
    END IF;
    GET DIAGNOSTICS touched = ROW_COUNT;
    IF touched = 0 THEN
      refused := CASE WHEN p_following THEN 'alreadyFollowing' ELSE 'notFollowing' END;
    END IF;
  END IF;
  IF refused IS NOT NULL THEN
    RETURN QUERY SELECT refused, NULL::integer, NULL::integer;
    RETURN;
  END IF;

  IF p_following THEN
    IF NOT mutes_member(p_other, p_member) THEN
      PERFORM notification_join(p_other, 'follow', p_notification_key, p_notification_id, NULL, p_member, p_at);
      told := true;
    END IF;
  ELSE
    told := notification_leave(p_other, p_notification_key, p_member);
  END IF;
  -- The answer's counts before the network's version: every write waits for it from then to its commit.
  SELECT (SELECT count(*)::integer FROM follows WHERE followee_id = p_other), (SELECT count(*)::integer FROM follows WHERE follower_id = p_member)
    INTO followers, followed;
  emitted := jsonb_build_array(jsonb_build_object('type', 'follow-changed', 'followerId', p_member, 'followeeId', p_other, 'following', p_following));
  IF told THEN
    -- The network's version first (commit_events takes it again, as its own), then the count.
    PERFORM 1 FROM network_state FOR NO KEY UPDATE;
    emitted := emitted || jsonb_build_array(notifications_changed(p_other, p_unread_max));
  END IF;
  PERFORM commit_events(emitted, p_events_kept, p_channel);
  RETURN QUERY SELECT NULL::text, followers, followed;
END $$;
