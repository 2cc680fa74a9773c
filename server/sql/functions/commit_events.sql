-- A write's events (a JSON array of the contract's events without their ids) take the next
-- versions, are kept for streams that reconnect, and reach every server with the commit, as
-- server/store/events.ts does for a write of several statements. A write without events takes one
-- version, kept as a row of type 'none' (NO_EVENT there) so that no stream sees a gap in it.
CREATE OR REPLACE FUNCTION commit_events(p_events jsonb, p_kept bigint, p_channel text)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  emitted integer := jsonb_array_length(p_events);
  taken integer := greatest(1, jsonb_array_length(p_events));
  version_after bigint;
  first_id bigint;
  numbered jsonb;
BEGIN
  UPDATE network_state SET version = version + taken RETURNING version INTO version_after;
  first_id := version_after - emitted + 1;
  INSERT INTO events (id, type, payload)
    SELECT first_id + ordinal - 1, event ->> 'type', event - 'type'
    FROM jsonb_array_elements(p_events) WITH ORDINALITY AS emitted_events (event, ordinal);
  IF emitted = 0 THEN
    INSERT INTO events (id, type, payload) VALUES (version_after, 'none', '{}');
  END IF;
  IF version_after / 1000 <> (version_after - taken) / 1000 THEN
    DELETE FROM events WHERE id <= version_after - p_kept;
  END IF;
  SELECT coalesce(jsonb_agg(event || jsonb_build_object('id', first_id + ordinal - 1) ORDER BY ordinal), '[]'::jsonb) INTO numbered
    FROM jsonb_array_elements(p_events) WITH ORDINALITY AS emitted_events (event, ordinal);
  PERFORM pg_notify(p_channel, jsonb_build_object('version', version_after, 'events', numbered)::text);
END $$;
