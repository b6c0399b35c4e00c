import { createHmac, timingSafeEqual } from 'node:crypto';

export const MEDIA_FILES_PATH = '/media-files';
const DEFAULT_MEDIA_URL_TTL_SECONDS = 6 * 3600;
/** Expiry is rounded up to the hour, so the same file gets the same URL for an hour and browsers can cache it. */
const EXPIRY_BUCKET_SECONDS = 3600;

export type MediaSigningSecret = string | Buffer;
export type MediaSignatureCheck = 'valid' | 'expired' | 'invalid';

export function unixNow(): number {
  return Math.floor(Date.now() / 1000);
}

function signature(secret: MediaSigningSecret, key: string, expiresAt: number): string {
  return createHmac('sha256', secret).update(`${key}\n${expiresAt}`).digest('base64url');
}

/** `/media-files/<key>?exp=<unix seconds>&sig=<HMAC-SHA256, base64url>` */
export function signMediaPath(secret: MediaSigningSecret, key: string, expiresAt: number): string {
  return `${MEDIA_FILES_PATH}/${encodeURIComponent(key)}?exp=${expiresAt}&sig=${signature(secret, key, expiresAt)}`;
}

/** Checks the `exp` and `sig` of a media URL as they arrived; a forged or altered URL is 'invalid', never 'expired'. */
export function verifyMediaSignature(
  secret: MediaSigningSecret,
  key: string,
  exp: string | undefined,
  sig: string | undefined,
  now = unixNow(),
): MediaSignatureCheck {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return 'invalid';
  // Compared as text, not decoded: base64 decoding is lenient, and one signature should have one spelling.
  const expected = Buffer.from(signature(secret, key, Number(exp)));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return Number(exp) > now ? 'valid' : 'expired';
}

/**
 * A grant of an application's media to its model server: links signed with it name the application (`app`) and are
 * good only while the application holds this grant, which a new server, or none, replaces.
 */
export interface MediaGrant {
  applicationId: string;
  grant: string;
}

const grantedSignature = (secret: MediaSigningSecret, key: string, expiresAt: number, { applicationId, grant }: MediaGrant) =>
  createHmac('sha256', secret).update(`${key}\n${expiresAt}\n${applicationId}\n${grant}`).digest('base64url');

/** The absolute `/media-files/<key>?exp&app&sig` link of a file for the application's model server, valid for `ttlSeconds`. */
export function grantedMediaUrl(baseUrl: string, secret: MediaSigningSecret, key: string, grant: MediaGrant, ttlSeconds: number, now = unixNow()): string {
  const expiresAt = now + ttlSeconds;
  const query = `exp=${expiresAt}&app=${encodeURIComponent(grant.applicationId)}&sig=${grantedSignature(secret, key, expiresAt, grant)}`;
  return `${baseUrl.replace(/\/+$/, '')}${MEDIA_FILES_PATH}/${encodeURIComponent(key)}?${query}`;
}

/** Checks a granted link as it arrived, against the grant the application holds now (null: none, so not valid). */
export function verifyGrantedSignature(
  secret: MediaSigningSecret,
  key: string,
  exp: string | undefined,
  sig: string | undefined,
  grant: MediaGrant | null,
  now = unixNow(),
): MediaSignatureCheck {
  if (grant === null || !exp || !sig || !/^\d{1,12}$/.test(exp)) return 'invalid';
  const expected = Buffer.from(grantedSignature(secret, key, Number(exp), grant));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return Number(exp) > now ? 'valid' : 'expired';
}

export interface MediaFileKeys {
  originalKey: string;
  variants: Record<string, string>;
}

/** The absolute, signed `media_url` and `resize_urls` of a media object. */
export function mediaUrls(
  baseUrl: string,
  secret: MediaSigningSecret,
  { originalKey, variants }: MediaFileKeys,
  ttlSeconds = DEFAULT_MEDIA_URL_TTL_SECONDS,
  now = unixNow(),
): { media_url: string; resize_urls: Record<string, string> } {
  const expiresAt = Math.ceil((now + ttlSeconds) / EXPIRY_BUCKET_SECONDS) * EXPIRY_BUCKET_SECONDS;
  const origin = baseUrl.replace(/\/+$/, '');
  const urlOf = (key: string) => `${origin}${signMediaPath(secret, key, expiresAt)}`;
  return {
    media_url: urlOf(originalKey),
    resize_urls: Object.fromEntries(Object.entries(variants).map(([width, key]) => [width, urlOf(key)])),
  };
}
