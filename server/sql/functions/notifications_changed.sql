-- The member's unread notifications, up to a cap, as a notifications-changed event.
CREATE OR REPLACE FUNCTION notifications_changed(p_member text, p_unread_max integer)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('type', 'notifications-changed', 'memberId', p_member,
    -- Named by the alias: a database from before the count was a set still has it as a value when
    -- this is made again (the files are applied in their names' order).
    'unreadCount', (SELECT counted.unread FROM unread_notification_count(p_member, p_unread_max) AS counted(unread)));
$$;
