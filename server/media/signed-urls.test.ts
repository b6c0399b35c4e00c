import { describe, expect, it } from 'vitest';
import { mediaUrls, signMediaPath, verifyMediaSignature } from './signed-urls';

const secret = 'test-secret';
const key = 'a'.repeat(64);
const otherKey = 'b'.repeat(64);
const now = 1_700_000_000;

function signedParts(path: string) {
  const url = new URL(path, 'http://127.0.0.1');
  return {
    key: url.pathname.split('/').at(-1) ?? '',
    exp: url.searchParams.get('exp') ?? undefined,
    sig: url.searchParams.get('sig') ?? undefined,
  };
}

describe('signMediaPath and verifyMediaSignature', () => {
  it('signs a path that verifies until it expires', () => {
    const path = signMediaPath(secret, key, now + 60);
    expect(path).toMatch(new RegExp(`^/media-files/${key}\\?exp=${now + 60}&sig=[A-Za-z0-9_-]{43}$`));

    const { exp, sig } = signedParts(path);
    expect(verifyMediaSignature(secret, key, exp, sig, now)).toBe('valid');
    expect(verifyMediaSignature(secret, key, exp, sig, now + 60)).toBe('expired');
  });

  it('rejects a signature moved to another key, another expiry, another secret, or altered', () => {
    const { exp, sig = '' } = signedParts(signMediaPath(secret, key, now + 60));
    expect(verifyMediaSignature(secret, otherKey, exp, sig, now)).toBe('invalid');
    expect(verifyMediaSignature(secret, key, String(now + 6000), sig, now)).toBe('invalid');
    expect(verifyMediaSignature('other-secret', key, exp, sig, now)).toBe('invalid');
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    expect(verifyMediaSignature(secret, key, exp, flipped, now)).toBe('invalid');
    expect(verifyMediaSignature(secret, key, exp, `${sig}=`, now)).toBe('invalid');
  });

  it('calls a forged expired URL invalid, not expired', () => {
    expect(verifyMediaSignature(secret, key, String(now - 10), 'x'.repeat(43), now)).toBe('invalid');
  });

  it.each([
    ['no exp', undefined, 'sig'],
    ['no sig', String(now + 60), undefined],
    ['a non-numeric exp', '12abc', 'sig'],
    ['a negative exp', '-5', 'sig'],
  ])('rejects %s', (_name, exp, sig) => {
    expect(verifyMediaSignature(secret, key, exp, sig, now)).toBe('invalid');
  });
});

describe('mediaUrls', () => {
  const files = { originalKey: key, variants: { '256': otherKey } };

  it('makes absolute signed URLs for the original and each width', () => {
    const urls = mediaUrls('http://127.0.0.1:8080/', secret, files, 600, now);

    expect(urls.media_url.startsWith(`http://127.0.0.1:8080/media-files/${key}?exp=`)).toBe(true);
    expect(Object.keys(urls.resize_urls)).toEqual(['256']);
    expect(urls.resize_urls['256']?.startsWith(`http://127.0.0.1:8080/media-files/${otherKey}?exp=`)).toBe(true);

    for (const url of [urls.media_url, urls.resize_urls['256'] ?? '']) {
      const parts = signedParts(url);
      expect(verifyMediaSignature(secret, parts.key, parts.exp, parts.sig, now + 600)).toBe('valid');
    }
  });

  it('keeps a base path and rounds the expiry up to the hour, so URLs stay the same within the hour', () => {
    const hourStart = 1_700_002_800; // a multiple of 3600
    const early = mediaUrls('https://example.test/service', secret, files, 3600, hourStart + 1);
    const late = mediaUrls('https://example.test/service', secret, files, 3600, hourStart + 3599);

    expect(early).toEqual(late);
    expect(early.media_url.startsWith('https://example.test/service/media-files/')).toBe(true);
    expect(new URL(early.media_url).searchParams.get('exp')).toBe(String(hourStart + 7200));
  });
});
