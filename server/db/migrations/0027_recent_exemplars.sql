-- "Find more like these": per output subject uid, the exemplars a predict with exemplars was given lately (newest
-- first, each a small template and its size in its image; server/vision/exemplars/templates.ts), which the
-- application's model looks for in the next images before any release.
ALTER TABLE applications ADD COLUMN recent_exemplars jsonb NOT NULL DEFAULT '{}'::jsonb;
