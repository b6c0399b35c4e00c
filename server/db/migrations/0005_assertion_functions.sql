-- The writes of assertions and of feedback answers as PL/pgSQL functions. PostgreSQL keeps the plans of a function's
-- statements for the session, so the busiest write (a feedback answer, about forty a second with ten labellers) no
-- longer pays for planning a statement on five tables each time: planning was three quarters of its database time.
-- The TypeScript side (server/domain/assertions.ts, server/feedback/answers.ts) builds the JSON arguments.

-- A batch of assertions by one author (a user, a user in an application, or an application's model) on one media
-- item and focus: {tenant_id, media_id, focus, focus_key, user_id, model_id, app_id, created_at, decision_time,
-- assertions: [{detection_id, subject_uid, app_data_type, app_data, probability, uncal_prob, ord}]}. Each assertion
-- retires the author's current one on the same subject and keeps its probability as prev_prob, unless that one
-- carries a later decision_time: then the new one is kept as history and the earlier-arrived answer stays current.
CREATE FUNCTION record_assertions(p_batch jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH given AS (
    SELECT * FROM jsonb_to_recordset(p_batch->'assertions') AS g(detection_id text, subject_uid text,
      app_data_type text, app_data jsonb, probability double precision, uncal_prob double precision, ord integer)
  ), previous AS (
    SELECT a.detection_id, a.subject_uid, a.probability, a.decision_time FROM assertions AS a
    WHERE a.media_id = p_batch->>'media_id' AND a.focus_key = p_batch->>'focus_key' AND a.current
      AND a.user_id IS NOT DISTINCT FROM p_batch->>'user_id' AND a.app_id IS NOT DISTINCT FROM p_batch->>'app_id'
      AND a.subject_uid IN (SELECT subject_uid FROM given)
    FOR UPDATE
  ), decided AS (
    SELECT g.*, p.detection_id AS previous_id, p.probability AS prev_prob,
      COALESCE(p.decision_time > (p_batch->>'decision_time')::double precision, false) AS decided_earlier
    FROM given AS g LEFT JOIN previous AS p ON p.subject_uid = g.subject_uid
  ), retired AS (
    UPDATE assertions SET current = false FROM decided AS d
    WHERE assertions.detection_id = d.previous_id AND NOT d.decided_earlier
  )
  INSERT INTO assertions (detection_id, tenant_id, media_id, subject_uid, focus, focus_key, user_id, model_id, app_id,
    app_data_type, app_data, prev_prob, probability, uncal_prob, created_at, decision_time, current)
  SELECT d.detection_id, p_batch->>'tenant_id', p_batch->>'media_id', d.subject_uid,
    NULLIF(p_batch->'focus', 'null'::jsonb), p_batch->>'focus_key', p_batch->>'user_id', p_batch->>'model_id',
    p_batch->>'app_id', d.app_data_type, d.app_data, d.prev_prob, d.probability, d.uncal_prob,
    (p_batch->>'created_at')::double precision, (p_batch->>'decision_time')::double precision, NOT d.decided_earlier
  FROM decided AS d ORDER BY d.ord;
END $$;

-- Creates or refreshes an application's detection record for a media item and focus. Every touch takes a new
-- update_seq, so the record moves to the end of the detections cursor order.
CREATE FUNCTION touch_detection_record(p_app_id text, p_media_id text, p_focus jsonb, p_focus_key text,
  p_updated_at double precision) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO detection_records (app_id, media_id, focus_key, focus, updated_at, update_seq)
  VALUES (p_app_id, p_media_id, p_focus_key, NULLIF(p_focus, 'null'::jsonb), p_updated_at, nextval('detection_update_seq'))
  ON CONFLICT (app_id, media_id, focus_key)
  DO UPDATE SET updated_at = excluded.updated_at, update_seq = excluded.update_seq;
END $$;

-- A person's answer to a feedback request, all or nothing: {batch (as record_assertions takes it, by the user in the
-- application), idempotency_key, request_hash}. Records the idempotency key (when given), the assertions and the
-- detection record's touch, takes the item off the application's feedback queue and counts the answer. Returns the
-- application's answers since its last release, or null when a post with this idempotency key was already recorded.
CREATE FUNCTION submit_feedback(p_answer jsonb) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  v_batch jsonb := p_answer->'batch';
  v_app_id text := v_batch->>'app_id';
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
  PERFORM touch_detection_record(v_app_id, v_batch->>'media_id', v_batch->'focus', v_batch->>'focus_key',
    (v_batch->>'created_at')::double precision);
  DELETE FROM feedback_queue
  WHERE app_id = v_app_id AND media_id = v_batch->>'media_id' AND focus_key = v_batch->>'focus_key';
  UPDATE applications SET answers_since_release = answers_since_release + 1
  WHERE application_id = v_app_id
  RETURNING answers_since_release INTO v_answers;
  RETURN v_answers;
END $$;
