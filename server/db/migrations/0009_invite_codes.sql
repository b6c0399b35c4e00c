-- An invite's acceptance code: a random secret handed to the tenant admin when the invite is sent (or resent, which
-- makes a new one), to pass on to the invited person. Only its SHA-256 is kept. An account made after the invite
-- must give the code to answer it, so an invite no longer goes to whoever registers the invited email first.
-- Invites sent before this migration have none: an account made after them asks for the invite to be resent.
ALTER TABLE invites ADD COLUMN code_hash text;
