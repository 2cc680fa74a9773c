-- Whether a block stands between two members, either way (contract/rules/relations.ts): each is then
-- to the other as if they did not exist.
CREATE OR REPLACE FUNCTION blocked_between(p_one text, p_other text)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM blocks WHERE (blocker_id = p_one AND blocked_id = p_other) OR (blocker_id = p_other AND blocked_id = p_one));
$$;
