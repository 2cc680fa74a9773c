-- An act taken back leaves that notification, which goes with its last act: whether it changed.
CREATE OR REPLACE FUNCTION notification_leave(p_recipient text, p_key text, p_actor text)
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
