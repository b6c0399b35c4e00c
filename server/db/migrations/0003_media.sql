-- The processing pipeline's durable job queue, and the indexes of the media and detection queries.

-- One job: run an application's model on a media item (and focus). A worker claims a job by pushing run_after
-- forward, so a job claimed by a process that died is taken up again once that time passes.
CREATE TABLE processing_jobs (
  id bigserial PRIMARY KEY,
  app_id text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  media_id text NOT NULL REFERENCES media (media_id) ON DELETE CASCADE,
  focus jsonb,
  -- The applications the detection flowed through to get here, so that a cycle of applications ends.
  chain jsonb NOT NULL DEFAULT '[]',
  attempts integer NOT NULL DEFAULT 0,
  run_after double precision NOT NULL,
  last_error text,
  created_at double precision NOT NULL
);
CREATE INDEX processing_jobs_due_idx ON processing_jobs (run_after, id);

-- A subject's media list, in the order of their first assertion.
CREATE INDEX assertions_subject_idx ON assertions (tenant_id, subject_uid, seq);
