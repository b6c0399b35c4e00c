-- An application's own model server (issue 40): any server that speaks Label Studio's ML backend protocol. One row per
-- application: where it answers, its auth header sealed with the service secret's key (never shown again), how it is
-- asked, and what the last call found. `grant` is the random part of the application-scoped media links the server
-- is sent: a new server, or none, revokes every link made for the one before.
CREATE TABLE model_servers (
  application_id text PRIMARY KEY REFERENCES applications (application_id) ON DELETE CASCADE,
  tenant_id text NOT NULL,
  url text NOT NULL,
  sealed_auth_header text,
  timeout_seconds integer NOT NULL,
  interactive boolean NOT NULL DEFAULT false,
  extra_params jsonb NOT NULL DEFAULT '{}',
  model_source text NOT NULL DEFAULT 'server',
  media_grant text NOT NULL,
  state text NOT NULL DEFAULT 'unknown',
  last_error text,
  last_checked_at double precision,
  model_version text,
  failures integer NOT NULL DEFAULT 0,
  circuit_open_until double precision,
  dropped_note text,
  created_at double precision NOT NULL
);

-- Every model_version an application's server reported, when it was first seen: the models page shows them beside
-- the releases.
CREATE TABLE model_server_versions (
  application_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  model_version text NOT NULL,
  first_seen_at double precision NOT NULL,
  PRIMARY KEY (application_id, model_version)
);

-- The protocol's webhook events (an answer's ANNOTATION_CREATED or _UPDATED, a release's START_TRAINING) waiting for
-- the server, in order: a `model-webhook` job sends an application's events by `seq` and stops at the first failure,
-- so that they arrive in order and at least once, across restarts.
CREATE TABLE model_server_events (
  seq bigserial PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  action text NOT NULL,
  payload jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at double precision NOT NULL
);
CREATE INDEX model_server_events_application ON model_server_events (application_id, seq);
