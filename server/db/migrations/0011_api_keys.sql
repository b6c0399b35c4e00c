-- API keys: a user's long-lived credentials for scripts, traded for a tenant token at GET /1/token with
-- `Authorization: Key <key>`. The key is `<key_id>.<secret>`; only the SHA-256 of the secret is kept (a 32-byte
-- random secret needs no slow hash). Revoking a key deletes its row.
CREATE TABLE api_keys (
  key_id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  description text NOT NULL DEFAULT '',
  secret_sha256 text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX api_keys_user_idx ON api_keys (user_id, created_at);
