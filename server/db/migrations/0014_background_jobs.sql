-- Background work as jobs (issue 13). With PostgreSQL (DATABASE_URL) the jobs live in pg-boss's own schema; the
-- embedded database's in-process runner keeps them in local_jobs, which the media processing queue becomes.

ALTER TABLE processing_jobs RENAME TO local_jobs;
ALTER INDEX processing_jobs_due_idx RENAME TO local_jobs_due_idx;
ALTER TABLE local_jobs ADD COLUMN name text NOT NULL DEFAULT 'process-media';
ALTER TABLE local_jobs ADD COLUMN data jsonb;
-- At most one waiting job per key (one release per application), as pg-boss's stately queues keep it.
ALTER TABLE local_jobs ADD COLUMN singleton_key text;
UPDATE local_jobs SET data = jsonb_build_object('appId', app_id, 'mediaId', media_id, 'focus', focus, 'chain', chain);
ALTER TABLE local_jobs ALTER COLUMN data SET NOT NULL;
ALTER TABLE local_jobs ALTER COLUMN name DROP DEFAULT;
ALTER TABLE local_jobs DROP COLUMN app_id, DROP COLUMN media_id, DROP COLUMN focus, DROP COLUMN chain;
CREATE UNIQUE INDEX local_jobs_waiting_key_idx ON local_jobs (name, singleton_key) WHERE attempts = 0;

-- The jobs whose work committed, written in the same transaction as that work: a job run again (its worker died
-- before the queue heard it finished) finds its id here and changes nothing. Pruned after a day.
CREATE TABLE finished_jobs (
  job_id text PRIMARY KEY,
  finished_at double precision NOT NULL
);
CREATE INDEX finished_jobs_age_idx ON finished_jobs (finished_at);

-- The token- and media-signing secret every instance on this database shares (PostgreSQL only: the embedded
-- database's one process keeps it in <dataDir>/secret.key). The first instance to start stores its own.
CREATE TABLE service_secret (
  id smallint PRIMARY KEY CHECK (id = 1),
  secret text NOT NULL
);
