-- Indexes of the application detections list (GET /1/applications/{id}/detections) at 100,000s of assertions.

-- The current assertions of an application per media item and focus, with the columns the list filters on, so the
-- per-record EXISTS check and the join to the page's assertions read the index, not every version of each assertion.
CREATE INDEX assertions_app_current_idx ON assertions (app_id, media_id, focus_key, probability)
  INCLUDE (user_id, model_id, seq) WHERE current;

-- consensus_none: is there a current user assertion on this media, subject and focus?
CREATE INDEX assertions_consensus_idx ON assertions (media_id, subject_uid, focus_key) WHERE current AND user_id IS NOT NULL;
