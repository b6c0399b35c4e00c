import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { newId } from '../db/ids';

/** `key_` and 20 base-36 characters (`newId`), a dot, then 32 random bytes in base64url. */
const KEY_FORMAT = /^(key_[0-9a-z]{20})\.([A-Za-z0-9_-]{43})$/;
const SECRET_BYTES = 32;

export interface NewApiKey {
  keyId: string;
  /** The whole key, shown to its owner once. */
  key: string;
  /** What is stored instead of the key. */
  secretSha256: string;
}

const sha256 = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

export function generateApiKey(): NewApiKey {
  const keyId = newId('key');
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  return { keyId, key: `${keyId}.${secret}`, secretSha256: sha256(secret) };
}

/** The key's id and secret, or null when it is not shaped like a key. */
export function parseApiKey(key: string): { keyId: string; secret: string } | null {
  const match = KEY_FORMAT.exec(key.trim());
  return match ? { keyId: match[1]!, secret: match[2]! } : null;
}

/** Whether the secret hashes to the stored value, compared in constant time. */
export function secretMatches(secret: string, storedSha256: string): boolean {
  const actual = Buffer.from(sha256(secret), 'hex');
  const expected = Buffer.from(storedSha256, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
