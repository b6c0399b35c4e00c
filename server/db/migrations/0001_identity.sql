CREATE TABLE users (
  id text PRIMARY KEY,
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  given_name text,
  surname text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tenants (
  id text PRIMARY KEY,
  type text NOT NULL CHECK (type IN ('usertenant', 'orgtenant')),
  name text NOT NULL,
  cloud_region text NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  modified_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE memberships (
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('tenant_admin', 'tenant_user')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id)
);
CREATE INDEX memberships_user ON memberships (user_id);

CREATE TABLE invites (
  id text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
  invited_email text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'accepted', 'declined')),
  created_by text NOT NULL,
  resend_counter integer NOT NULL DEFAULT 0,
  last_resend_by text,
  last_resend_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  accepted_at timestamptz,
  answered_at timestamptz
);
CREATE UNIQUE INDEX invites_one_pending_per_email ON invites (tenant_id, invited_email) WHERE status = 'pending';
CREATE INDEX invites_invited_email ON invites (invited_email);
