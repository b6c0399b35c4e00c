-- Honest model measures: people's answers are split into a training set, which a release learns from, and a
-- validation set, which it is measured on and never learns from. The split is fixed by the media id, so an answer
-- keeps its set (and every answer on one media item, whatever its focus or labeller, is in the same set).

-- 'validation' for one media id in five (the first two bytes of its MD5, modulo 5), else 'training'.
CREATE FUNCTION answer_set(p_media_id text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN (get_byte(decode(md5(p_media_id), 'hex'), 0) * 256 + get_byte(decode(md5(p_media_id), 'hex'), 1)) % 5 = 0
    THEN 'validation' ELSE 'training' END
$$;

-- Recorded with every answer (an assertion by a user in an application); null on every other assertion.
ALTER TABLE assertions ADD COLUMN set_assignment text
  GENERATED ALWAYS AS (CASE WHEN user_id IS NOT NULL AND app_id IS NOT NULL THEN answer_set(media_id) END) STORED;

-- Each release: the items it learned from (training_count, as before), the validation items it was measured on,
-- its measures on them, and the model it replaced measured on the very same items. Earlier releases, measured on
-- their own training answers, keep null here.
ALTER TABLE models
  ADD COLUMN validation_count integer,
  ADD COLUMN validation jsonb,
  ADD COLUMN previous_model_id text,
  ADD COLUMN previous_validation jsonb;
