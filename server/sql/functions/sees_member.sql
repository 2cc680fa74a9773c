-- Whether `p_member` sees `p_other`'s acts: not muted by them, no block either way, and `p_other`
-- did not leave (an account set to be deleted is seen by its member alone) and is not suspended.
CREATE OR REPLACE FUNCTION sees_member(p_member text, p_other text)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT NOT mutes_member(p_member, p_other) AND NOT blocked_between(p_member, p_other)
    AND (p_member = p_other OR NOT EXISTS (SELECT 1 FROM hidden_members WHERE member_id = p_other));
$$;
