-- A person's answer to a feedback request, all or nothing: {batch (as record_assertions takes it, by the user in the
-- application), idempotency_key, request_hash}. Records the idempotency key (when given), the assertions and the
-- detection record's touch, takes the item off the application's feedback queue and counts the answer. Returns the
-- application's answers since its last release, or null when a post with this idempotency key was already recorded.
-- An item leaves the queue only once labellers_per_item distinct labellers have answered it; until then an answer only
-- ends the answering labeller's own lease (pull.ts never hands an item to a labeller twice).
CREATE OR REPLACE FUNCTION submit_feedback(p_answer jsonb) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_batch jsonb := p_answer->'batch';
  v_app_id text := v_batch->>'app_id';
  v_media_id text := v_batch->>'media_id';
  v_focus_key text := v_batch->>'focus_key';
  v_needed integer;
  v_answers integer;
BEGIN
  IF p_answer->>'idempotency_key' IS NOT NULL THEN
    INSERT INTO idempotency_keys (tenant_id, user_id, idempotency_key, request_hash, created_at)
    VALUES (v_batch->>'tenant_id', v_batch->>'user_id', p_answer->>'idempotency_key', p_answer->>'request_hash',
      (v_batch->>'created_at')::double precision)
    ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      RETURN NULL;
    END IF;
  END IF;
  PERFORM record_assertions(v_batch);
  PERFORM touch_detection_record(v_app_id, v_media_id, v_batch->'focus', v_focus_key,
    (v_batch->>'created_at')::double precision);
  UPDATE applications SET answers_since_release = answers_since_release + 1
  WHERE application_id = v_app_id
  RETURNING answers_since_release, labellers_per_item INTO v_answers, v_needed;
  IF v_needed > 1 AND (
    SELECT count(DISTINCT user_id) FROM assertions
    WHERE app_id = v_app_id AND media_id = v_media_id AND focus_key = v_focus_key AND current AND user_id IS NOT NULL
  ) < v_needed THEN
    UPDATE feedback_queue SET leased_by = NULL, lease_expires_at = NULL
    WHERE app_id = v_app_id AND media_id = v_media_id AND focus_key = v_focus_key AND leased_by = v_batch->>'user_id';
  ELSE
    DELETE FROM feedback_queue WHERE app_id = v_app_id AND media_id = v_media_id AND focus_key = v_focus_key;
    DELETE FROM feedback_skips WHERE app_id = v_app_id AND media_id = v_media_id AND focus_key = v_focus_key;
  END IF;
  RETURN v_answers;
END $$;
