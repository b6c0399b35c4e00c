-- Uploads look for media of the same bytes (duplicates) and label imports for media by file name, both per tenant.
CREATE INDEX media_md5_idx ON media (tenant_id, md5);
CREATE INDEX media_filename_idx ON media (tenant_id, (details ->> 'filename'));
