-- Takes one slot under each key at once, or none: {now, expires_at, keys: [{key, limit}]}. Returns
-- {"slots": [ids]} when every key had room, else {"retry_after": seconds} until the fullest key has room again.
-- The keys are locked (in one order, so two callers never wait on each other) for the rest of the transaction, so
-- that two callers never both see the last free slot.
CREATE OR REPLACE FUNCTION take_rate_limit_slots(p_request jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_now double precision := (p_request->>'now')::double precision;
  v_key record;
  v_used integer;
  v_wait double precision := 0;
  v_freed_at double precision;
  v_ids bigint[];
BEGIN
  FOR v_key IN
    SELECT k.key, k."limit" FROM jsonb_to_recordset(p_request->'keys') AS k(key text, "limit" integer) ORDER BY k.key
  LOOP
    PERFORM pg_advisory_xact_lock(7355609, hashtext(v_key.key));
    DELETE FROM rate_limit_slots WHERE key = v_key.key AND expires_at <= v_now;
    SELECT count(*) INTO v_used FROM rate_limit_slots WHERE key = v_key.key;
    IF v_used >= v_key."limit" THEN
      -- The key has room again once all but limit - 1 of its slots have expired.
      SELECT s.expires_at INTO v_freed_at FROM rate_limit_slots AS s WHERE s.key = v_key.key
      ORDER BY s.expires_at OFFSET v_used - v_key."limit" LIMIT 1;
      v_wait := greatest(v_wait, v_freed_at - v_now);
    END IF;
  END LOOP;
  IF v_wait > 0 THEN
    RETURN jsonb_build_object('retry_after', v_wait);
  END IF;
  WITH taken AS (
    INSERT INTO rate_limit_slots (key, expires_at)
    SELECT k.key, (p_request->>'expires_at')::double precision
    FROM jsonb_to_recordset(p_request->'keys') AS k(key text)
    RETURNING id
  )
  SELECT array_agg(id) INTO v_ids FROM taken;
  RETURN jsonb_build_object('slots', to_jsonb(v_ids));
END $$;
