-- Whether `p_member` mutes `p_other`: then `p_other`'s acts do not notify them.
CREATE OR REPLACE FUNCTION mutes_member(p_member text, p_other text)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM mutes WHERE member_id = p_member AND muted_id = p_other);
$$;
