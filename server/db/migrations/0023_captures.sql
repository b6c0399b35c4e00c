-- Capture applications (issue 31: network_camera, social_feed) bring images in on their own schedule. One row per
-- application: its camera password sealed with the service secret's key (never in custom_fields), the generation of
-- its capture loop (a change of the application starts a new loop; a job of an older one ends), and what the loop
-- did lately, which the application page shows.
CREATE TABLE capture_state (
  application_id text PRIMARY KEY REFERENCES applications (application_id) ON DELETE CASCADE,
  generation integer NOT NULL DEFAULT 0,
  sealed_password text,
  password_origin text,
  captured integer NOT NULL DEFAULT 0,
  attempts integer NOT NULL DEFAULT 0,
  failures integer NOT NULL DEFAULT 0,
  last_attempt_at double precision,
  last_capture_at double precision,
  last_capture_ms double precision,
  last_media_id text,
  last_error text,
  last_error_at double precision,
  next_attempt_at double precision
);

-- The feed items an application stored, by the entry's id and the image's URL: a poll never stores one twice.
CREATE TABLE captured_items (
  application_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  item_key text NOT NULL,
  media_id text NOT NULL,
  captured_at double precision NOT NULL,
  PRIMARY KEY (application_id, item_key)
);
