-- Applications, subjects, media, assertions, the feedback queue, callbacks and gateways.
-- Times are Unix seconds (double precision) as the interface gives them.

CREATE TABLE subjects (
  subject_uid text PRIMARY KEY,
  tenant_id text NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_by text NOT NULL,
  created_at double precision NOT NULL,
  modified_at double precision NOT NULL
);
CREATE INDEX subjects_tenant_idx ON subjects (tenant_id, name);

CREATE TABLE applications (
  application_id text PRIMARY KEY,
  tenant_id text NOT NULL,
  name text NOT NULL,
  type text NOT NULL,
  description text NOT NULL DEFAULT '',
  input_subjects jsonb NOT NULL DEFAULT '[]',
  output_subjects jsonb NOT NULL DEFAULT '[]',
  release_metrics text NOT NULL DEFAULT 'best_F1',
  detection_thresholds jsonb NOT NULL DEFAULT '{}',
  detection_post_urls jsonb NOT NULL DEFAULT '[]',
  gateway_post_urls jsonb NOT NULL DEFAULT '[]',
  active boolean NOT NULL DEFAULT true,
  requested_feedback_per_hour integer,
  refresh_feedback boolean NOT NULL DEFAULT false,
  app_managers jsonb NOT NULL DEFAULT '[]',
  custom_fields jsonb NOT NULL DEFAULT '{}',
  hpo_credit integer NOT NULL DEFAULT 0,
  created_by text NOT NULL,
  created_at double precision NOT NULL,
  modified_at double precision NOT NULL,
  system_feedback_per_hour integer NOT NULL DEFAULT 0,
  replay boolean NOT NULL DEFAULT false,
  release_model_count integer,
  best_model_ccp_filename text,
  candidate_model_count integer,
  current_performance jsonb,
  last_candidate_at double precision,
  last_released_at double precision,
  training_data_count integer,
  validation_data_count integer,
  -- The local service's own state, never returned as application fields.
  callback_secret text NOT NULL,
  current_model_id text,
  answers_since_release integer NOT NULL DEFAULT 0
);
CREATE INDEX applications_tenant_idx ON applications (tenant_id, created_at);

-- Each release of an application's baseline model: the parameters fitted to the feedback so far.
CREATE TABLE models (
  model_id text PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  version integer NOT NULL,
  parameters jsonb NOT NULL,
  metrics jsonb,
  training_count integer NOT NULL DEFAULT 0,
  created_at double precision NOT NULL,
  UNIQUE (application_id, version)
);

CREATE TABLE media (
  media_id text PRIMARY KEY,
  tenant_id text NOT NULL,
  created_at double precision NOT NULL,
  media_timestamp double precision NOT NULL,
  md5 text NOT NULL,
  media_format text NOT NULL,
  size integer NOT NULL,
  image_width integer NOT NULL,
  image_height integer NOT NULL,
  original_key text NOT NULL,
  variant_keys jsonb NOT NULL DEFAULT '{}',
  meta_tags jsonb NOT NULL DEFAULT '[]',
  parent_media_ids jsonb NOT NULL DEFAULT '[]',
  status text NOT NULL DEFAULT 'processed',
  set_assignment text NOT NULL DEFAULT 'train',
  media_src text NOT NULL DEFAULT 'upload',
  -- author, filename, title, license, external_media_id, ...: the interface's nullable fields.
  details jsonb NOT NULL DEFAULT '{}',
  uploaded_by_user text
);
CREATE INDEX media_tenant_idx ON media (tenant_id, created_at);

-- Every assertion linking a subject to a media item (and focus): by a user directly (source 1),
-- by a user's feedback in an application (source 2) or by an application's model (source 3).
CREATE TABLE assertions (
  detection_id text PRIMARY KEY,
  seq bigserial NOT NULL,
  tenant_id text NOT NULL,
  media_id text NOT NULL REFERENCES media (media_id) ON DELETE CASCADE,
  subject_uid text NOT NULL,
  focus jsonb,
  focus_key text NOT NULL DEFAULT '',
  user_id text,
  model_id text,
  app_id text,
  app_data_type text,
  app_data jsonb,
  prev_prob double precision,
  probability double precision NOT NULL,
  uncal_prob double precision NOT NULL,
  created_at double precision NOT NULL,
  -- When the person decided (feedback); the later decision wins for one user, media and focus.
  decision_time double precision,
  -- False once a later assertion of the same author replaced it.
  current boolean NOT NULL DEFAULT true
);
CREATE INDEX assertions_media_idx ON assertions (media_id, subject_uid, focus_key);
CREATE INDEX assertions_app_media_idx ON assertions (app_id, media_id, focus_key);

-- The application detection record: one per application, media and focus, ordered by update_seq, which
-- takes the next value of a sequence every time an assertion lands on it (the detections cursor).
CREATE SEQUENCE detection_update_seq;
CREATE TABLE detection_records (
  app_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  media_id text NOT NULL REFERENCES media (media_id) ON DELETE CASCADE,
  focus_key text NOT NULL DEFAULT '',
  focus jsonb,
  updated_at double precision NOT NULL,
  update_seq bigint NOT NULL DEFAULT nextval('detection_update_seq'),
  PRIMARY KEY (app_id, media_id, focus_key)
);
CREATE INDEX detection_records_page_idx ON detection_records (app_id, update_seq);
CREATE INDEX detection_records_time_idx ON detection_records (app_id, updated_at);

-- Model proposals waiting for human feedback. scheduled_at is null while a candidate waits for the
-- application's feedback rate to allow it; the pending count is the number of scheduled rows.
CREATE TABLE feedback_queue (
  app_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  media_id text NOT NULL REFERENCES media (media_id) ON DELETE CASCADE,
  focus_key text NOT NULL DEFAULT '',
  focus jsonb,
  priority double precision NOT NULL,
  proposals jsonb NOT NULL,
  model_id text,
  created_at double precision NOT NULL,
  scheduled_at double precision,
  PRIMARY KEY (app_id, media_id, focus_key)
);
CREATE INDEX feedback_queue_pull_idx ON feedback_queue (app_id, priority DESC, created_at) WHERE scheduled_at IS NOT NULL;

-- Feedback handed out, for the scheduler's hourly budget.
CREATE TABLE feedback_issued (
  app_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  media_id text NOT NULL,
  issued_at double precision NOT NULL
);
CREATE INDEX feedback_issued_idx ON feedback_issued (app_id, issued_at);

CREATE TABLE idempotency_keys (
  tenant_id text NOT NULL,
  user_id text NOT NULL,
  idempotency_key text NOT NULL,
  request_hash text NOT NULL,
  created_at double precision NOT NULL,
  PRIMARY KEY (tenant_id, user_id, idempotency_key)
);

-- Detection posts to detection_post_urls: a durable outbox.
CREATE TABLE callback_outbox (
  id bigserial PRIMARY KEY,
  app_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  url text NOT NULL,
  body text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  first_attempt_at double precision,
  next_attempt_at double precision NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  last_error text,
  created_at double precision NOT NULL
);
CREATE INDEX callback_outbox_due_idx ON callback_outbox (status, next_attempt_at);

CREATE TABLE callback_blacklist (
  url text PRIMARY KEY,
  until double precision NOT NULL
);

CREATE TABLE gateways (
  gateway_id text PRIMARY KEY,
  tenant_id text NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  location text NOT NULL DEFAULT '',
  poll_interval integer NOT NULL DEFAULT 60,
  ip_address text NOT NULL DEFAULT '',
  mac_address text NOT NULL DEFAULT '',
  serial_number text NOT NULL DEFAULT '',
  model_deployment_policy text NOT NULL DEFAULT 'manual',
  created_at double precision NOT NULL,
  modified_at double precision NOT NULL,
  created_by text NOT NULL,
  current_status jsonb,
  previous_status jsonb
);
CREATE INDEX gateways_tenant_idx ON gateways (tenant_id, created_at);
