import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seal, sealingKey, unseal } from './sealed-text';

describe('sealed text', () => {
  const key = sealingKey(randomBytes(32));

  it('opens with its key only, and differs each time it is sealed', () => {
    const sealed = seal(key, 'pa:ss wörd');
    expect(sealed).not.toContain('pa');
    expect(seal(key, 'pa:ss wörd')).not.toBe(sealed);
    expect(unseal(key, sealed)).toBe('pa:ss wörd');
    expect(() => unseal(sealingKey(randomBytes(32)), sealed)).toThrow();
    const [version, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const tampered = Buffer.from(body, 'base64url');
    tampered[0]! ^= 1;
    expect(() => unseal(key, [version, iv, tag, tampered.toString('base64url')].join('.'))).toThrow();
  });
});
