-- Whether `p_member` sees `p_other`'s acts: not muted by them, and no block either way.
CREATE OR REPLACE FUNCTION sees_member(p_member text, p_other text)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT NOT mutes_member(p_member, p_other) AND NOT blocked_between(p_member, p_other);
$$;
