import { z } from './zod';
import { URL_MAX } from './limits';

/** The one loopback definition: 127.0.0.0/8, `localhost` and `[::1]`, spelled as `URL.hostname` gives them. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** A URL that carries no credentials or data in the clear: absolute `https:`, or `http:` only to loopback. */
export function isSecureUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

export const SECURE_URL_MESSAGE =
  'Give an absolute https: URL (plain http: only to this computer: localhost, 127.x.x.x or [::1]).';

/**
 * A URL the service may post to or read from, and what to say when none is given. Only the shared shape rule lives
 * here; the service adds its own address rule (no private, link-local or metadata targets; `server/net/address-rule.ts`)
 * where it validates applications and again when it connects.
 */
export const secureUrlOr = (missing: string) =>
  z.string(missing).check(z.trim(), z.maxLength(URL_MAX, `Use at most ${URL_MAX} characters.`), z.refine(isSecureUrl, SECURE_URL_MESSAGE));

export const secureUrl = secureUrlOr('Give a URL.');
