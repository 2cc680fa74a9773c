-- Whether a token's session stands: NULL when it does, else the refusal's key. 'recheck' when the
-- member's username is not the token's as written (the caller's rules compare them ignoring case).
CREATE OR REPLACE FUNCTION session_refusal(p_jti text, p_member text, p_username text, p_version integer)
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
