-- Creates or refreshes an application's detection record for a media item and focus. Every touch takes a new
-- update_seq, so the record moves to the end of the detections cursor order.
CREATE OR REPLACE FUNCTION touch_detection_record(p_app_id text, p_media_id text, p_focus jsonb, p_focus_key text,
  p_updated_at double precision) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO detection_records (app_id, media_id, focus_key, focus, updated_at, update_seq)
  VALUES (p_app_id, p_media_id, p_focus_key, NULLIF(p_focus, 'null'::jsonb), p_updated_at, nextval('detection_update_seq'))
  ON CONFLICT (app_id, media_id, focus_key)
  DO UPDATE SET updated_at = excluded.updated_at, update_seq = excluded.update_seq;
END $$;
