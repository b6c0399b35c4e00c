-- 0014 renamed processing_jobs to local_jobs but left its id sequence under the old name; the drizzle schema (and a
-- database made from it) calls it local_jobs_id_seq. The column default follows the rename.
ALTER SEQUENCE processing_jobs_id_seq RENAME TO local_jobs_id_seq;
