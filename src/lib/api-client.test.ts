import { InvalidBaseUrlError } from '../api/errors';
import { z } from '../api/zod';
import { connectAuth, createAppApiClient } from './api-client';

describe('createAppApiClient', () => {
  it('refuses an insecure service address before anything is sent', () => {
    expect(() => createAppApiClient('http://vision.example.com', 'https://app.example.com')).toThrow(InvalidBaseUrlError);
  });

  it('uses the page origin when the config leaves the address empty', () => {
    expect(createAppApiClient('', 'http://127.0.0.1:5173').baseUrl).toBe('http://127.0.0.1:5173');
  });

  it('asks the connected session for the token and the re-sign-in', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.resolve(new Response('{}', { status: 401 })));
    vi.stubGlobal('fetch', fetch);
    const onUnauthorized = vi.fn(() => Promise.resolve(false));
    connectAuth({ getToken: () => 'session-token', onUnauthorized });

    await expect(createAppApiClient('', 'http://127.0.0.1:5173').request('/1/tenants/current', z.unknown())).rejects.toThrow();

    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer session-token');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
