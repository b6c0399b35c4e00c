-- Consensus and review: an application may ask several labellers to answer each feedback item
-- (labellers_per_item, 1 to 5). The item stays in the feedback queue until that many distinct labellers answered it;
-- then their answers either agree (the application type's rule, src/api/application-types) and the agreed answer is
-- stored, or the item waits in the review queue until a manager decides. With one labeller per item nothing is
-- stored here: the latest answer is the item's label (server/domain/consensus.ts), until the application asks for
-- more labellers: then those labels are stored as 'single'.
ALTER TABLE applications
  ADD COLUMN labellers_per_item integer NOT NULL DEFAULT 1,
  ADD COLUMN consensus_tolerance double precision NOT NULL DEFAULT 0;

CREATE TABLE consensus_items (
  consensus_id text PRIMARY KEY,
  tenant_id text NOT NULL,
  app_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  media_id text NOT NULL REFERENCES media (media_id) ON DELETE CASCADE,
  focus_key text NOT NULL DEFAULT '',
  focus jsonb,
  -- 'agreed' (the labellers agreed), 'in_review' (they did not; no decision yet), 'reviewed' (a manager decided) or
  -- 'single' (the latest answer, kept when the application went from one labeller per item to several).
  status text NOT NULL,
  -- Each labeller's answer when the last one came in: [{user_id, subjects, decision_time}].
  answers jsonb NOT NULL,
  -- The decided answer, as the subjects of a feedback body; null while in review.
  subjects jsonb,
  created_at double precision NOT NULL,
  decided_at double precision,
  -- The manager who resolved a review.
  decided_by text,
  UNIQUE (app_id, media_id, focus_key)
);
CREATE INDEX consensus_items_review_idx ON consensus_items (app_id, created_at) WHERE status = 'in_review';
CREATE INDEX consensus_items_decided_idx ON consensus_items (app_id, decided_at) WHERE decided_at IS NOT NULL;

-- As in 0006, but an item leaves the queue only once labellers_per_item distinct labellers have answered it; until
-- then an answer only ends the answering labeller's own lease (pull.ts never hands an item to a labeller twice).
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
