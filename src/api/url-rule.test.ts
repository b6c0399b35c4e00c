import { describe, expect, it } from 'vitest';
import { isLoopbackHost, isSecureUrl, SECURE_URL_MESSAGE, secureUrl } from './url-rule';

describe('isLoopbackHost', () => {
  it('knows 127.0.0.0/8, localhost and [::1], and nothing that merely looks like them', () => {
    expect(['localhost', '127.0.0.1', '127.10.0.3', '[::1]'].every(isLoopbackHost)).toBe(true);
    expect(['app.localhost', 'localhost.example.com', '128.0.0.1', '10.0.0.1', '::1', 'example.com'].some(isLoopbackHost)).toBe(false);
  });
});

describe('isSecureUrl', () => {
  it('takes absolute https: anywhere and http: only to loopback', () => {
    const good = ['https://hooks.example.com/x', 'http://127.0.0.1:9000/x', 'http://127.1/x', 'http://localhost/x', 'http://[::1]:8080/'];
    expect(good.filter((url) => !isSecureUrl(url))).toEqual([]);
    const bad = ['http://hooks.example.com', 'http://10.0.0.1', 'http://app.localhost', 'ftp://example.com', '/relative', 'https://exa mple.com'];
    expect(bad.filter(isSecureUrl)).toEqual([]);
  });

  it('is the refinement of the secureUrl schema, with one message', () => {
    expect(secureUrl.parse(' https://hooks.example.com/x ')).toBe('https://hooks.example.com/x');
    expect(secureUrl.safeParse('http://hooks.example.com').error?.issues.map((issue) => issue.message)).toEqual([SECURE_URL_MESSAGE]);
  });
});
