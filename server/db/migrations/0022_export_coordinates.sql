-- An export gives its boxes and points in each media item's pixels, or (`plan`) in the pixels of the plan a sub-plan
-- or crop lies in. The same export being prepared is one with the same coordinates too.
ALTER TABLE exports ADD COLUMN coordinates text NOT NULL DEFAULT 'media';
DROP INDEX exports_preparing_idx;
CREATE UNIQUE INDEX exports_preparing_idx ON exports (application_id, format, include_images, coordinates) WHERE state = 'preparing';
