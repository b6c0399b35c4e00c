-- Gold items (issue 32): items whose true answer a manager knows, mixed into labellers' pulls to measure how well each
-- labeller answers. A gold item is marked from an item's decided answer or imported; a labeller is served each gold
-- item at most once and cannot tell it from another request. An answer to it is scored against the truth and kept
-- here, never as an assertion: it is not training data.
ALTER TABLE applications
  -- The share of each pull that is gold (0 to 0.5).
  ADD COLUMN gold_rate double precision NOT NULL DEFAULT 0.1,
  -- A labeller whose gold accuracy is under this is flagged.
  ADD COLUMN quality_flag_below double precision NOT NULL DEFAULT 0.8;

CREATE TABLE gold_items (
  app_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  media_id text NOT NULL REFERENCES media (media_id) ON DELETE CASCADE,
  focus_key text NOT NULL DEFAULT '',
  focus jsonb,
  -- The truth, as the subjects of a feedback body.
  subjects jsonb NOT NULL,
  -- What a labeller is shown: the model's proposals when the item was marked.
  proposals jsonb NOT NULL,
  -- 'marked' (from a decided answer or given subjects) or 'imported' (a label import).
  source text NOT NULL,
  created_by text,
  created_at double precision NOT NULL,
  PRIMARY KEY (app_id, media_id, focus_key)
);

-- One row per serving of a gold item to a labeller (the key: never twice to one labeller), scored once answered.
CREATE TABLE gold_answers (
  app_id text NOT NULL,
  media_id text NOT NULL,
  focus_key text NOT NULL,
  user_id text NOT NULL,
  served_at double precision NOT NULL,
  lease_expires_at double precision,
  answered_at double precision,
  decision_time double precision,
  subjects jsonb,
  -- 0..1 by the type's measure (server/types/gold-scores); null until answered.
  score double precision,
  skipped boolean NOT NULL DEFAULT false,
  PRIMARY KEY (app_id, media_id, focus_key, user_id),
  FOREIGN KEY (app_id, media_id, focus_key) REFERENCES gold_items (app_id, media_id, focus_key) ON DELETE CASCADE
);
CREATE INDEX gold_answers_user_idx ON gold_answers (app_id, user_id, answered_at);
