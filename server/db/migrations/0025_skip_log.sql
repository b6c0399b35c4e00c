-- Every skip, kept for the labeller analytics: feedback_skips holds only the skips still in force (answering an item
-- clears them), so how often a labeller skipped was lost.
CREATE TABLE feedback_skip_log (
  app_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  user_id text NOT NULL,
  media_id text NOT NULL,
  focus_key text NOT NULL,
  skipped_at double precision NOT NULL
);
CREATE INDEX feedback_skip_log_app_idx ON feedback_skip_log (app_id, skipped_at);
