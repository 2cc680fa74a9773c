-- The member's unread notifications, up to a cap, as a notifications-changed event.
CREATE OR REPLACE FUNCTION notifications_changed(p_member text, p_unread_max integer)
RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object('type', 'notifications-changed', 'memberId', p_member,
    'unreadCount', unread_notification_count(p_member, p_unread_max));
$$;
