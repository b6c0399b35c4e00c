import { describe, expect, it, vi } from 'vitest';
import { z } from './zod';
import { createApiClient, type ApiClientOptions } from './client';
import { getPendingCount } from './endpoints/feedback';
import { deleteApplication } from './endpoints/applications';
import { BadRequestError, InvalidBaseUrlError, NetworkError, UnauthorizedError, UnexpectedAnswerError } from './errors';

const BASE = 'https://vision.example.com';
const anything = z.unknown();

interface Recorded {
  url: string;
  init: RequestInit;
}

/** A fetch that answers from a list of responses in turn and records what it was asked. */
function scriptedFetch(...answers: Array<() => Response>) {
  const calls: Recorded[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    return Promise.resolve(answer ? answer() : new Response(null, { status: 500 }));
  };
  return { fetch: fetch as typeof globalThis.fetch, calls };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

function header(call: Recorded | undefined, name: string): string | undefined {
  return (call?.init.headers as Record<string, string> | undefined)?.[name];
}

function client(options: Partial<ApiClientOptions> & Pick<ApiClientOptions, 'fetch'>) {
  return createApiClient({ baseUrl: BASE, ...options });
}

describe('ApiClient', () => {
  it('builds the URL from the base, the path and the defined query values', async () => {
    const { fetch, calls } = scriptedFetch(json({ ok: true }));
    await client({ fetch }).request('/1/token', anything, { query: { tenant_id: 't 1', limit: 5, cursor: undefined, x: null } });
    expect(calls[0]?.url).toBe(`${BASE}/1/token?tenant_id=t+1&limit=5`);
  });

  it('sends the bearer token, and JSON bodies with their content type', async () => {
    const { fetch, calls } = scriptedFetch(json({ ok: true }));
    await client({ fetch, getToken: () => 'abc' }).request('/1/applications', anything, { method: 'POST', body: { name: 'A' } });
    expect(header(calls[0], 'Authorization')).toBe('Bearer abc');
    expect(header(calls[0], 'Content-Type')).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"name":"A"}');
  });

  it('encodes Basic credentials as UTF-8, so non-ASCII passwords arrive intact', async () => {
    const { fetch, calls } = scriptedFetch(json({ tenants: [] }));
    await client({ fetch }).request('/1/users/current/tenants', anything, { auth: { email: 'zoë@demo.test', password: 'pässwörd€' } });
    const encoded = header(calls[0], 'Authorization')?.replace(/^Basic /, '') ?? '';
    const bytes = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
    expect(new TextDecoder().decode(bytes)).toBe('zoë@demo.test:pässwörd€');
  });

  it('sends no credentials for auth none', async () => {
    const { fetch, calls } = scriptedFetch(json({ version: '1' }));
    await client({ fetch, getToken: () => 'abc' }).request('/1/version', anything, { auth: 'none' });
    expect(header(calls[0], 'Authorization')).toBeUndefined();
  });

  it('maps a failed answer to a typed error carrying the service message', async () => {
    const { fetch } = scriptedFetch(json({ message: 'Name is too long.', errors: [{ field: 'name', message: 'Too long.' }] }, 400));
    const error = await client({ fetch }).request('/1/applications', anything).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ message: 'Name is too long.', fieldErrors: [{ field: 'name', message: 'Too long.' }] });
  });

  it('turns a failed fetch into a NetworkError', async () => {
    const fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof globalThis.fetch;
    await expect(client({ fetch }).request('/1/version', anything)).rejects.toBeInstanceOf(NetworkError);
  });

  it('tells whether each request reached the service: an error answer did, a failed fetch did not', async () => {
    const reached: boolean[] = [];
    let down = false;
    const fetch = (() => (down ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(new Response('{}', { status: 503 })))) as typeof globalThis.fetch;
    const api = client({ fetch, onReach: (value) => reached.push(value) });
    await api.request('/1/version', anything).catch(() => undefined);
    down = true;
    await api.request('/1/version', anything).catch(() => undefined);
    expect(reached).toEqual([true, false]);
  });

  it('returns undefined for 204', async () => {
    const { fetch } = scriptedFetch(() => new Response(null, { status: 204 }));
    await expect(client({ fetch }).request('/1/applications/a', anything, { method: 'DELETE' })).resolves.toBeUndefined();
  });

  describe('on 401 with a bearer token', () => {
    it('asks for re-authentication and retries once with the new token', async () => {
      let token = 'old';
      const { fetch, calls } = scriptedFetch(json({ message: 'Expired.' }, 401), json({ name: 'Acme' }));
      const onUnauthorized = vi.fn(() => {
        token = 'new';
        return Promise.resolve(true);
      });
      const result = await client({ fetch, getToken: () => token, onUnauthorized }).request('/1/tenants/current', anything);
      expect(result).toEqual({ name: 'Acme' });
      expect(onUnauthorized).toHaveBeenCalledTimes(1);
      expect(calls.map((call) => header(call, 'Authorization'))).toEqual(['Bearer old', 'Bearer new']);
    });

    it('gives up with the 401 when re-authentication is declined', async () => {
      const { fetch, calls } = scriptedFetch(json({ message: 'Expired.' }, 401));
      const api = client({ fetch, getToken: () => 'old', onUnauthorized: () => Promise.resolve(false) });
      await expect(api.request('/1/tenants/current', anything)).rejects.toBeInstanceOf(UnauthorizedError);
      expect(calls).toHaveLength(1);
    });

    it('does not ask twice when the retry is refused too', async () => {
      const { fetch, calls } = scriptedFetch(json({ message: 'Expired.' }, 401));
      const onUnauthorized = vi.fn(() => Promise.resolve(true));
      const api = client({ fetch, getToken: () => 'old', onUnauthorized });
      await expect(api.request('/1/tenants/current', anything)).rejects.toBeInstanceOf(UnauthorizedError);
      expect(onUnauthorized).toHaveBeenCalledTimes(1);
      expect(calls).toHaveLength(2);
    });

    it('shares one re-authentication among concurrent calls', async () => {
      let token = 'old';
      const fetch = ((_input: RequestInfo | URL, init?: RequestInit) => {
        const sent = (init?.headers as Record<string, string>).Authorization;
        return Promise.resolve(sent === 'Bearer new' ? json({ ok: true })() : json({ message: 'Expired.' }, 401)());
      }) as typeof globalThis.fetch;
      let release: (renewed: boolean) => void = () => undefined;
      const onUnauthorized = vi.fn(
        () =>
          new Promise<boolean>((resolve) => {
            release = resolve;
          }),
      );
      const api = client({ fetch, getToken: () => token, onUnauthorized });
      const calls = [api.request('/1/a', anything), api.request('/1/b', anything), api.request('/1/c', anything)];
      await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalled());
      await new Promise((resolve) => setTimeout(resolve, 0)); // lets the other two 401s arrive too
      token = 'new';
      release(true);
      await expect(Promise.all(calls)).resolves.toEqual([{ ok: true }, { ok: true }, { ok: true }]);
      expect(onUnauthorized).toHaveBeenCalledTimes(1);
    });

    it('retries a call refused for a token already replaced, without asking again', async () => {
      let token = 'old';
      let answerOld: () => void = () => undefined;
      const fetch = ((_input: RequestInfo | URL, init?: RequestInit) => {
        const sent = (init?.headers as Record<string, string>).Authorization;
        if (sent === 'Bearer new') return Promise.resolve(json({ ok: true })());
        return new Promise<Response>((resolve) => {
          answerOld = () => resolve(json({ message: 'Expired.' }, 401)());
        });
      }) as typeof globalThis.fetch;
      const onUnauthorized = vi.fn(() => Promise.resolve(true));
      const api = client({ fetch, getToken: () => token, onUnauthorized });
      const late = api.request('/1/a', anything);
      token = 'new'; // the person signed in again while this call was on its way
      answerOld();
      await expect(late).resolves.toEqual({ ok: true });
      expect(onUnauthorized).not.toHaveBeenCalled();
    });

    it('never re-authenticates a Basic call (a wrong password is just wrong)', async () => {
      const { fetch } = scriptedFetch(json({ message: 'Wrong.' }, 401));
      const onUnauthorized = vi.fn(() => Promise.resolve(true));
      const api = client({ fetch, onUnauthorized });
      await expect(api.request('/1/token', anything, { auth: { email: 'a@b.test', password: 'x' } })).rejects.toBeInstanceOf(
        UnauthorizedError,
      );
      expect(onUnauthorized).not.toHaveBeenCalled();
    });
  });

  it('follows absolute links of its own origin only', async () => {
    const { fetch, calls } = scriptedFetch(json({ data: [] }));
    const api = client({ fetch, getToken: () => 'abc' });
    await api.requestUrl(`${BASE}/1/applications/a/detections?cursor=5`, anything);
    expect(calls[0]?.url).toBe(`${BASE}/1/applications/a/detections?cursor=5`);
    await expect(api.requestUrl('https://evil.example.com/steal', anything)).rejects.toBeInstanceOf(InvalidBaseUrlError);
    expect(calls).toHaveLength(1);
  });

  describe('answers parsed with the contract', () => {
    it('gives the parsed answer, without keys the contract does not name', async () => {
      const { fetch } = scriptedFetch(json({ pending: 3, leased: 1, extra: 'x' }));
      await expect(getPendingCount(client({ fetch }), 'a')).resolves.toEqual({ pending: 3, leased: 1 });
    });

    it('rejects an answer that breaks its schema with a clear error naming where', async () => {
      const { fetch } = scriptedFetch(json({ pending: '3', leased: 1 }));
      const error = await getPendingCount(client({ fetch }), 'a').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UnexpectedAnswerError);
      expect(error).toMatchObject({ status: 200, message: expect.stringMatching(/answer the app does not understand/) });
      expect((error as UnexpectedAnswerError).problems[0]).toMatch(/pending: /);
    });

    it('rejects a body that is not JSON, and one that is missing, the same way', async () => {
      const { fetch } = scriptedFetch(
        () => new Response('<html>proxy error</html>', { status: 200 }),
        () => new Response(null, { status: 200 }),
      );
      const api = client({ fetch });
      await expect(getPendingCount(api, 'a')).rejects.toBeInstanceOf(UnexpectedAnswerError);
      await expect(getPendingCount(api, 'a')).rejects.toBeInstanceOf(UnexpectedAnswerError);
    });

    it('reads no body where the contract expects none', async () => {
      const { fetch } = scriptedFetch(json({ deleted: true }));
      await expect(deleteApplication(client({ fetch }), 'a')).resolves.toBeUndefined();
    });
  });
});
