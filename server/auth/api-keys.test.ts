import { describe, expect, it } from 'vitest';
import { generateApiKey, parseApiKey, secretMatches } from './api-keys';

describe('API keys', () => {
  it('makes a key of an id and a 32-byte secret, and keeps only the SHA-256 of the secret', () => {
    const { keyId, key, secretSha256 } = generateApiKey();
    expect(key).toMatch(/^key_[0-9a-z]{20}\.[A-Za-z0-9_-]{43}$/);
    const parsed = parseApiKey(key)!;
    expect(parsed.keyId).toBe(keyId);
    expect(secretSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(secretSha256).not.toContain(parsed.secret);
    expect(secretMatches(parsed.secret, secretSha256)).toBe(true);
    expect(generateApiKey().key).not.toBe(key);
  });

  it('refuses another secret, a malformed key and a malformed stored hash', () => {
    const { key, secretSha256 } = generateApiKey();
    const other = parseApiKey(generateApiKey().key)!;
    expect(secretMatches(other.secret, secretSha256)).toBe(false);
    expect(secretMatches(parseApiKey(key)!.secret, 'abc')).toBe(false);
    for (const malformed of ['', 'key_', key.replace('.', ''), `${key}x`, key.replace('key_', 'usr_'), `Bearer ${key}`]) {
      expect(parseApiKey(malformed)).toBeNull();
    }
  });
});
