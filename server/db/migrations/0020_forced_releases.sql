-- "Release anyway" (issue 29): a manager may release a candidate that the release rule kept back; the model history
-- and the latest candidate record it as forced.
ALTER TABLE models ADD COLUMN forced boolean NOT NULL DEFAULT false;
UPDATE applications SET last_candidate = last_candidate || '{"forced": false}'::jsonb WHERE last_candidate IS NOT NULL;
