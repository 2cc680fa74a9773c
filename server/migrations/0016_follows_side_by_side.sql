-- Follows of one member no longer take turns, and the unread count is read in one plan.
--
-- follow_at_once (0015) locked the followed member's row for the whole call, so 50 members
-- following one member went one at a time through every step and its commit. Now:
-- - The followed member's row is held FOR SHARE: shared with the other follows of that member,
--   still exclusive of a block, which locks both members' rows (contract/rules/relations.ts block).
-- - A follow made twice at once is caught by the follows row itself (the insert that finds it, the
--   delete that finds none), with the same refusals.
-- - The followed member's unread count is read once the network's version is taken: writes take it
--   in the order they commit, so the count each event carries has seen every notification committed
--   before it, as when the member's row made the follows take turns.
-- - A notification joined while a leave deletes it is made again (notification_join's loop):
--   follows and unfollows by one member no longer wait for each other at the followed member's row.
--   One made by the join is not updated again to move it to the top: it is made there.
--
-- unread_notification_count (0014) called sees_member for every actor of every unread notification:
-- a function call each, which PostgreSQL cannot fold into the query. The same rule is now written
-- in the query, so it is planned once as index probes.

CREATE OR REPLACE FUNCTION unread_notification_count(p_member text, p_unread_max integer)
RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT count(*)::integer FROM (
    SELECT 1 FROM notifications n
    WHERE n.recipient_id = p_member AND n.unread
      AND EXISTS (
        SELECT 1 FROM notification_actors a
        WHERE a.notification_id = n.id
          -- sees_member(p_member, a.actor_id): not muted by the member, no block either way.
          AND NOT EXISTS (SELECT 1 FROM mutes m WHERE m.member_id = p_member AND m.muted_id = a.actor_id)
          AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = p_member AND b.blocked_id = a.actor_id)
          AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = a.actor_id AND b.blocked_id = p_member))
    LIMIT p_unread_max
  ) AS unread;
$$;

CREATE OR REPLACE FUNCTION notification_join(p_recipient text, p_kind text, p_key text, p_id text, p_post text, p_actor text, p_at timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  notification text;
  touched integer;
BEGIN
  LOOP
    INSERT INTO notifications (id, recipient_id, kind, key, post_id, reply_id, unread, updated_at)
      VALUES (p_id, p_recipient, p_kind, p_key, p_post, NULL, true, p_at)
      ON CONFLICT (recipient_id, key) DO NOTHING
      RETURNING id INTO notification;
    IF notification IS NOT NULL THEN
      -- Made now: unread, at the top, with this act alone.
      INSERT INTO notification_actors (notification_id, actor_id) VALUES (notification, p_actor);
      RETURN;
    END IF;
    SELECT id INTO notification FROM notifications WHERE recipient_id = p_recipient AND key = p_key FOR UPDATE;
    -- Not found: a leave deleted it after the insert above saw it. Made again.
    EXIT WHEN FOUND;
  END LOOP;
  INSERT INTO notification_actors (notification_id, actor_id) VALUES (notification, p_actor) ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS touched = ROW_COUNT;
  IF touched > 0 THEN
    UPDATE notifications SET unread = true, updated_at = p_at, place = nextval('notification_order') WHERE id = notification;
  END IF;
END $$;

CREATE OR REPLACE FUNCTION follow_at_once(
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
