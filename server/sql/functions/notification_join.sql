-- A member's act joins the recipient's notification of that kind about that thing (`p_key`, as in
-- contract/rules/notifications.ts notificationKey): made if it is the first, and made unread and
-- moved to the top when the act is new to it. A notification joined while a leave deletes it is
-- made again (the loop), so follows and unfollows by one member need not wait for each other; one
-- made by the join is not updated again to move it to the top: it is made there.
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
