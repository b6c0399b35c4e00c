import { describe, expect, it } from 'vitest';
import { resolveBaseUrl } from './base-url';
import { InvalidBaseUrlError } from './errors';

describe('resolveBaseUrl', () => {
  it('uses the page origin when nothing (or only spaces) is configured', () => {
    expect(resolveBaseUrl(undefined, 'https://app.example.com')).toBe('https://app.example.com');
    expect(resolveBaseUrl('  ', 'http://127.0.0.1:5173')).toBe('http://127.0.0.1:5173');
  });

  it('accepts https anywhere and drops trailing slashes', () => {
    expect(resolveBaseUrl('https://vision.example.com/api//', 'https://app.example.com')).toBe(
      'https://vision.example.com/api',
    );
  });

  it('resolves a relative address against the page', () => {
    expect(resolveBaseUrl('/service', 'https://app.example.com')).toBe('https://app.example.com/service');
  });

  it('accepts plain http only on loopback', () => {
    expect(resolveBaseUrl('http://localhost:8081', 'https://x.test')).toBe('http://localhost:8081');
    expect(resolveBaseUrl('http://127.0.0.1:8081', 'https://x.test')).toBe('http://127.0.0.1:8081');
    expect(resolveBaseUrl('http://[::1]:8081', 'https://x.test')).toBe('http://[::1]:8081');
    expect(() => resolveBaseUrl('http://vision.example.com', 'https://x.test')).toThrow(InvalidBaseUrlError);
    expect(() => resolveBaseUrl('http://192.168.1.10', 'https://x.test')).toThrow(/not secure/);
  });

  it('refuses other schemes and malformed addresses', () => {
    expect(() => resolveBaseUrl('ftp://vision.example.com', 'https://x.test')).toThrow(InvalidBaseUrlError);
    expect(() => resolveBaseUrl('https://exa mple.com', 'https://x.test')).toThrow(/not a valid URL/);
  });
});
