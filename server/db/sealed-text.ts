import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Secrets the service must use again (a camera's password), kept in the database sealed with AES-256-GCM under a key
 * derived from the service secret (the data directory's `secret.key`, or the one every instance on a PostgreSQL server
 * shares), so that a copy of the database alone does not reveal them. Sealed text is `v1.<iv>.<tag>.<ciphertext>`,
 * base64url.
 */
export const sealingKey = (serviceSecret: Buffer): Buffer => createHmac('sha256', serviceSecret).update('sealed-settings').digest();

const VERSION = 'v1';

export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The plain text; throws when the text was sealed under another key or changed. */
export function unseal(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) throw new Error('The sealed text is not in a known form.');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
