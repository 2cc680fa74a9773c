-- Writes in one statement each: a like or a dislike, a bookmark added or removed, checked, made,
-- counted, notified and recorded by one function call, so the rows it locks (the post's, the
-- network's version) are held for that one statement rather than across round trips. They do what
-- the rules in contract/rules/ do, in the same order and with the same refusals (each returns the
-- refusal's key; the caller turns it into the contract's answer); the contract's suite runs on both.

-- Whether a token's session stands: NULL when it does, else the refusal's key. 'recheck' when the
-- member's username is not the token's as written (the caller's rules compare them ignoring case).
CREATE FUNCTION session_refusal(p_jti text, p_member text, p_username text, p_version integer)
RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  found_member record;
BEGIN
  IF EXISTS (SELECT 1 FROM revoked_tokens WHERE jti = p_jti) THEN
    RETURN 'tokenInvalid';
  END IF;
  SELECT username, session_version INTO found_member FROM members WHERE id = p_member;
  IF NOT FOUND THEN
    RETURN 'userNotRegistered';
  END IF;
  IF found_member.username <> p_username THEN
    RETURN 'recheck';
  END IF;
  IF found_member.session_version <> p_version THEN
    RETURN 'tokenInvalid';
  END IF;
  RETURN NULL;
END $$;

-- Whether a block stands between two members, either way (contract/rules/relations.ts): each is then
-- to the other as if they did not exist.
CREATE FUNCTION blocked_between(p_one text, p_other text)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM blocks WHERE (blocker_id = p_one AND blocked_id = p_other) OR (blocker_id = p_other AND blocked_id = p_one));
$$;

-- Whether `p_member` mutes `p_other`: then `p_other`'s acts do not notify them.
CREATE FUNCTION mutes_member(p_member text, p_other text)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM mutes WHERE member_id = p_member AND muted_id = p_other);
$$;

-- A write's events (a JSON array of the contract's events without their ids) take the next
-- versions, are kept for streams that reconnect, and reach every server with the commit, as
-- server/store/events.ts does for a write of several statements.
CREATE FUNCTION commit_events(p_events jsonb, p_kept bigint, p_channel text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  emitted integer := jsonb_array_length(p_events);
  taken integer := greatest(1, jsonb_array_length(p_events));
  version_after bigint;
  first_id bigint;
  numbered jsonb;
BEGIN
  UPDATE network_state SET version = version + taken RETURNING version INTO version_after;
  first_id := version_after - emitted + 1;
  INSERT INTO events (id, type, payload)
    SELECT first_id + ordinal - 1, event ->> 'type', event - 'type'
    FROM jsonb_array_elements(p_events) WITH ORDINALITY AS emitted_events (event, ordinal);
  IF version_after / 1000 <> (version_after - taken) / 1000 THEN
    DELETE FROM events WHERE id <= version_after - p_kept;
  END IF;
  SELECT coalesce(jsonb_agg(event || jsonb_build_object('id', first_id + ordinal - 1) ORDER BY ordinal), '[]'::jsonb) INTO numbered
    FROM jsonb_array_elements(p_events) WITH ORDINALITY AS emitted_events (event, ordinal);
  PERFORM pg_notify(p_channel, jsonb_build_object('version', version_after, 'events', numbered)::text);
END $$;

-- The member's unread notifications, up to a cap, as a notifications-changed event.
CREATE FUNCTION notifications_changed(p_member text, p_unread_max integer)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('type', 'notifications-changed', 'memberId', p_member,
    'unreadCount', (SELECT count(*)::integer FROM (SELECT 1 FROM notifications WHERE recipient_id = p_member AND unread LIMIT p_unread_max) AS unread));
$$;

-- A member's act joins the recipient's notification of that kind about that thing (`p_key`, as in
-- contract/rules/notifications.ts notificationKey): made if it is the first, and made unread and
-- moved to the top when the act is new to it.
CREATE FUNCTION notification_join(p_recipient text, p_kind text, p_key text, p_id text, p_post text, p_actor text, p_at timestamptz)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  notification text;
  touched integer;
BEGIN
  INSERT INTO notifications (id, recipient_id, kind, key, post_id, reply_id, unread, updated_at)
    VALUES (p_id, p_recipient, p_kind, p_key, p_post, NULL, true, p_at)
    ON CONFLICT (recipient_id, key) DO NOTHING;
  SELECT id INTO notification FROM notifications WHERE recipient_id = p_recipient AND key = p_key FOR UPDATE;
  INSERT INTO notification_actors (notification_id, actor_id) VALUES (notification, p_actor) ON CONFLICT DO NOTHING;
  GET DIAGNOSTICS touched = ROW_COUNT;
  IF touched > 0 THEN
    UPDATE notifications SET unread = true, updated_at = p_at, place = nextval('notification_order') WHERE id = notification;
  END IF;
END $$;

-- An act taken back leaves that notification, which goes with its last act: whether it changed.
CREATE FUNCTION notification_leave(p_recipient text, p_key text, p_actor text)
RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  notification text;
  touched integer;
BEGIN
  SELECT id INTO notification FROM notifications WHERE recipient_id = p_recipient AND key = p_key FOR UPDATE;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  DELETE FROM notification_actors WHERE notification_id = notification AND actor_id = p_actor;
  GET DIAGNOSTICS touched = ROW_COUNT;
  IF touched = 0 THEN
    RETURN false;
  END IF;
  DELETE FROM notifications n WHERE n.id = notification AND NOT EXISTS (SELECT 1 FROM notification_actors a WHERE a.notification_id = n.id);
  RETURN true;
END $$;

-- A like ('like') or a dislike ('dislike') of a post (contract/rules/posts.ts likePost, dislikePost):
-- the refusal's key, or NULL and the post's counts after it and the caller's reaction.
CREATE FUNCTION react_at_once(
  p_jti text, p_member text, p_username text, p_version integer,
  p_post text, p_kind text, p_at timestamptz, p_notification_id text, p_notification_key text,
  p_unread_max integer, p_events_kept bigint, p_channel text
) RETURNS TABLE (refusal text, like_count integer, dislike_count integer)
LANGUAGE plpgsql AS $$
DECLARE
  refused text;
  author text;
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
  SELECT author_id INTO author FROM posts WHERE id = p_post FOR NO KEY UPDATE;
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

-- A bookmark added (true) or removed (false) (contract/rules/bookmarks.ts addBookmark,
-- removeBookmark): the refusal's key, or NULL.
CREATE FUNCTION bookmark_at_once(
  p_jti text, p_member text, p_username text, p_version integer,
  p_post text, p_bookmarked boolean, p_events_kept bigint, p_channel text
) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  refused text;
  author text;
BEGIN
  refused := session_refusal(p_jti, p_member, p_username, p_version);
  IF refused IS NOT NULL THEN
    RETURN refused;
  END IF;
  SELECT author_id INTO author FROM posts WHERE id = p_post;
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
