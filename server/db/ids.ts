import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A random id such as `usr_3k9x0q...`: the prefix names the kind, 20 base-36 characters (~103 bits) follow. */
export function newId(prefix: string): string {
  const bytes = randomBytes(20);
  let body = '';
  for (const byte of bytes) body += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${body}`;
}
