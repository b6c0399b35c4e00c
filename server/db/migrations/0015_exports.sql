-- Label exports as rows (issue 13): any instance starts one, a job on any worker writes its file into the blob
-- store (key `exports/<export_id>`), and any instance reports its progress and serves the file. A row and its file
-- go once expires_at has passed: an hour after the export finished, or a day after it started while it runs.
CREATE TABLE exports (
  export_id text PRIMARY KEY,
  tenant_id text NOT NULL,
  application_id text NOT NULL,
  requested_by text NOT NULL,
  format text NOT NULL,
  include_images boolean NOT NULL,
  state text NOT NULL,
  done integer NOT NULL DEFAULT 0,
  total integer NOT NULL DEFAULT 0,
  notes jsonb NOT NULL DEFAULT '[]'::jsonb,
  message text,
  file_name text NOT NULL,
  size bigint,
  blob_key text NOT NULL,
  created_at double precision NOT NULL,
  finished_at double precision,
  expires_at double precision NOT NULL
);
-- One export of each kind (format and images) of an application is prepared at a time: asking again gives it.
CREATE UNIQUE INDEX exports_preparing_idx ON exports (application_id, format, include_images) WHERE state = 'preparing';
CREATE INDEX exports_expiry_idx ON exports (expires_at);
