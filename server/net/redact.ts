/** What stands where a credential was. */
export const REDACTED = '[redacted]';

/** A URL's scheme and its userinfo (up to the last `@` before the host's end): `rtsp://viewer:pa@ss@`. */
const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#]*@/gi;

/**
 * A text (an error's message or stack, an answer's reason) as it may be stored, logged or shown: the userinfo of
 * every URL in it, and every known secret (as written and URL-encoded), replaced by REDACTED. The one place the
 * service takes credentials out of what it says; every error text passes here before it is kept or logged.
 */
export function redactSecrets(text: string, secrets: readonly (string | null | undefined)[] = []): string {
  let redacted = text.replace(URL_USERINFO, `$1${REDACTED}@`);
  for (const secret of secrets) {
    if (!secret) continue;
    for (const spelling of new Set([secret, encodeURIComponent(secret)])) redacted = redacted.split(spelling).join(REDACTED);
  }
  return redacted;
}

/**
 * A copy of an error to log or rethrow: its message, stack and other text properties redacted (redactSecrets), its
 * number properties (a database error's code is text) kept, and no cause.
 */
export function redactedError(error: unknown, secrets: readonly (string | null | undefined)[] = []): Error {
  if (!(error instanceof Error)) return new Error(redactSecrets(String(error), secrets));
  const copy = new Error(redactSecrets(error.message, secrets));
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string') Object.assign(copy, { [key]: redactSecrets(value, secrets) });
    else if (typeof value === 'number') Object.assign(copy, { [key]: value });
  }
  copy.name = error.name;
  copy.stack = redactSecrets(error.stack ?? '', secrets);
  return copy;
}
