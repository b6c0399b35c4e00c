-- Leases: a pulled feedback request stays in the queue, held by the labeller who pulled it until its lease runs out;
-- an answer (by anyone) removes it for good. A request handed out before (returned, or its lease ran out) goes to
-- the front of the queue. A skip keeps it from the same labeller for a while.
ALTER TABLE feedback_queue
  ADD COLUMN leased_by text,
  ADD COLUMN lease_expires_at double precision,
  ADD COLUMN first_leased_at double precision;

DROP INDEX feedback_queue_pull_idx;
CREATE INDEX feedback_queue_pull_idx ON feedback_queue (app_id, (first_leased_at IS NULL), priority DESC, created_at)
  WHERE scheduled_at IS NOT NULL;

CREATE TABLE feedback_skips (
  app_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  media_id text NOT NULL,
  focus_key text NOT NULL,
  user_id text NOT NULL,
  until double precision NOT NULL,
  PRIMARY KEY (app_id, media_id, focus_key, user_id)
);

-- As in 0005, and the answered item's skips go with it.
CREATE OR REPLACE FUNCTION submit_feedback(p_answer jsonb) RETURNS integer LANGUAGE plpgsql AS $$
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
  DELETE FROM feedback_skips
  WHERE app_id = v_app_id AND media_id = v_batch->>'media_id' AND focus_key = v_batch->>'focus_key';
  UPDATE applications SET answers_since_release = answers_since_release + 1
  WHERE application_id = v_app_id
  RETURNING answers_since_release INTO v_answers;
  RETURN v_answers;
END $$;
