-- The callback blacklist is kept per tenant and URL: one tenant's failing posts to a URL never silence another
-- tenant's posts to it. Entries last minutes, so the URL-only entries are dropped rather than carried over.
DROP TABLE callback_blacklist;

CREATE TABLE callback_blacklist (
  tenant_id text NOT NULL,
  url text NOT NULL,
  until double precision NOT NULL,
  PRIMARY KEY (tenant_id, url)
);
