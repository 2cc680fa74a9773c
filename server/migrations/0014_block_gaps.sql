-- What a mute or a block leaves of a member's notifications (the `mute-block` extension): a
-- notification names only the members its recipient still sees, and the unread count counts only
-- the unread notifications that still name someone, so the count agrees with the list.

-- Whether `p_member` sees `p_other`'s acts: not muted by them, and no block either way.
CREATE FUNCTION sees_member(p_member text, p_other text)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT NOT mutes_member(p_member, p_other) AND NOT blocked_between(p_member, p_other);
$$;

-- The member's unread notifications that name someone they see, counted up to a cap.
CREATE FUNCTION unread_notification_count(p_member text, p_unread_max integer)
RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT count(*)::integer FROM (
    SELECT 1 FROM notifications n
    WHERE n.recipient_id = p_member AND n.unread
      AND EXISTS (SELECT 1 FROM notification_actors a WHERE a.notification_id = n.id AND sees_member(p_member, a.actor_id))
    LIMIT p_unread_max
  ) AS unread;
$$;

CREATE OR REPLACE FUNCTION notifications_changed(p_member text, p_unread_max integer)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('type', 'notifications-changed', 'memberId', p_member,
    'unreadCount', unread_notification_count(p_member, p_unread_max));
$$;
