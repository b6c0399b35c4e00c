-- A batch of assertions by one author (a user, a user in an application, or an application's model) on one media
-- item and focus: {tenant_id, media_id, focus, focus_key, user_id, model_id, app_id, created_at, decision_time,
-- assertions: [{detection_id, subject_uid, app_data_type, app_data, probability, uncal_prob, ord}]}. Each assertion
-- retires the author's current one on the same subject and keeps its probability as prev_prob, unless that one
-- carries a later decision_time: then the new one is kept as history and the earlier-arrived answer stays current.
CREATE OR REPLACE FUNCTION record_assertions(p_batch jsonb) RETURNS void LANGUAGE plpgsql AS $$
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
