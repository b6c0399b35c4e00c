import { describe, expect, it } from 'vitest';
import { REDACTED, redactedError, redactSecrets } from './redact';

describe('redactSecrets', () => {
  it("takes out every URL's userinfo, whatever its scheme and characters", () => {
    const text = 'rtsp://viewer:pa@ss@10.0.0.5:554/live: 401; then https://token@feeds.example/x and ftp://a:b@c/ and http://plain.example/';
    expect(redactSecrets(text)).toBe(
      `rtsp://${REDACTED}@10.0.0.5:554/live: 401; then https://${REDACTED}@feeds.example/x and ftp://${REDACTED}@c/ and http://plain.example/`,
    );
  });

  it('takes out each known secret, as written and URL-encoded, and leaves the rest', () => {
    const secret = 'pa:ss wörd';
    expect(redactSecrets(`sent ${secret} and ${encodeURIComponent(secret)} to the camera`, [secret, null, ''])).toBe(`sent ${REDACTED} and ${REDACTED} to the camera`);
  });

  it("redacts an error's message, stack and text properties in a copy", () => {
    const error = Object.assign(new Error('rtsp://u:secret-1@host/ failed'), { code: 'E_X', errno: 5, input: 'secret-2' });
    const copy = redactedError(error, ['secret-2']);
    expect(copy.message).toBe(`rtsp://${REDACTED}@host/ failed`);
    expect(copy.stack).not.toMatch(/secret-1/);
    expect(copy).toMatchObject({ code: 'E_X', errno: 5, input: REDACTED });
    expect(error.message).toContain('secret-1');
  });
});
