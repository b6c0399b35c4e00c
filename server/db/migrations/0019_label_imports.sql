-- Label imports too large to answer at once (issue 28): the request stores the uploaded files in the blob store
-- (keys `imports/<import_id>-<n>`) and writes this row; an `import` job on any worker reads and records them,
-- writing its progress here, and removes the files. A row goes a day after it finished.
CREATE TABLE label_imports (
  import_id text PRIMARY KEY,
  tenant_id text NOT NULL,
  application_id text NOT NULL,
  requested_by text NOT NULL,
  fields jsonb NOT NULL,
  files jsonb NOT NULL,
  state text NOT NULL,
  done integer NOT NULL DEFAULT 0,
  total integer NOT NULL DEFAULT 0,
  report jsonb,
  message text,
  created_at double precision NOT NULL,
  finished_at double precision,
  expires_at double precision NOT NULL
);
CREATE INDEX label_imports_expiry_idx ON label_imports (expires_at);
