-- The member's unread notifications that name someone they see (the `mute-block` extension: a
-- notification names only the members its recipient still sees, so the count agrees with the list),
-- counted up to a cap. The rule of sees_member is written in the query rather than called for each
-- actor, so PostgreSQL plans it once as index probes.
CREATE OR REPLACE FUNCTION unread_notification_count(p_member text, p_unread_max integer)
RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT count(*)::integer FROM (
    SELECT 1 FROM notifications n
    WHERE n.recipient_id = p_member AND n.unread
      AND EXISTS (
        SELECT 1 FROM notification_actors a
        WHERE a.notification_id = n.id
          -- sees_member(p_member, a.actor_id): not muted by the member, no block either way, not left, not suspended.
          AND NOT EXISTS (SELECT 1 FROM mutes m WHERE m.member_id = p_member AND m.muted_id = a.actor_id)
          AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = p_member AND b.blocked_id = a.actor_id)
          AND NOT EXISTS (SELECT 1 FROM blocks b WHERE b.blocker_id = a.actor_id AND b.blocked_id = p_member)
          AND NOT EXISTS (SELECT 1 FROM hidden_members h WHERE h.member_id = a.actor_id))
    LIMIT p_unread_max
  ) AS unread;
$$;
