import type { z } from './zod';
import { type QueryValue, serviceUrl } from './service-url';
import { errorFromResponse, InvalidBaseUrlError, NetworkError, UnauthorizedError, UnexpectedAnswerError } from './errors';

export interface BasicCredentials {
  email: string;
  password: string;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** A JSON body, or FormData for multipart uploads. */
  body?: unknown;
  headers?: Record<string, string>;
  /** `bearer` (default) sends the session's token; `basic` sends these credentials; `none` sends nothing. */
  auth?: 'bearer' | 'none' | BasicCredentials;
  signal?: AbortSignal;
  /** Lets the request outlive the page (for a hand-back sent while the tab closes). */
  keepalive?: boolean;
}

export interface ApiClientOptions {
  baseUrl: string;
  getToken?: () => string | null;
  /**
   * Called when a bearer call answers 401. It resolves true once a new token is in place (for example after
   * the person typed their password again), and the call is then retried once; false gives up.
   */
  onUnauthorized?: () => Promise<boolean>;
  /** Told after every request whether it reached the service (any HTTP answer) or failed on the way (no answer). */
  onReach?: (reached: boolean) => void;
  fetch?: typeof fetch;
}

export interface ApiClient {
  readonly baseUrl: string;
  /** Sends the request and parses the answer with `answer` (a contract schema); one that breaks it rejects with UnexpectedAnswerError. */
  request<T>(path: string, answer: z.ZodMiniType<T>, options?: RequestOptions): Promise<T>;
  /** An absolute URL of this service (for example a `paging.next` link) fetched and parsed with the same rules. */
  requestUrl<T>(url: string, answer: z.ZodMiniType<T>, options?: RequestOptions): Promise<T>;
  /** The successful response itself, its body unread (for a download); failures throw as `request` does. */
  requestResponse(path: string, options?: RequestOptions): Promise<Response>;
}

function encodeBasic({ email, password }: BasicCredentials): string {
  const bytes = new TextEncoder().encode(`${email}:${password}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  let pendingReauth: Promise<boolean> | null = null;

  function reauthenticate(): Promise<boolean> {
    if (!options.onUnauthorized) return Promise.resolve(false);
    pendingReauth ??= options.onUnauthorized().finally(() => {
      pendingReauth = null;
    });
    return pendingReauth;
  }

  const readAnswer =
    <T>(answer: z.ZodMiniType<T>) =>
    async (response: Response): Promise<T> => {
      const parsed = answer.safeParse(await readBody(response).catch(() => undefined));
      if (!parsed.success) throw new UnexpectedAnswerError(response.status, response.url, parsed.error.issues);
      return parsed.data;
    };

  async function send<T>(url: string, opts: RequestOptions, mayRetry: boolean, read: (response: Response) => Promise<T>): Promise<T> {
    const auth = opts.auth ?? 'bearer';
    // X-Requested-With keeps browsers from answering a Basic challenge with their own password prompt.
    const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', ...opts.headers };
    const sentToken = auth === 'bearer' ? (options.getToken?.() ?? null) : null;
    if (auth === 'bearer') {
      if (sentToken) headers.Authorization = `Bearer ${sentToken}`;
    } else if (auth !== 'none') {
      headers.Authorization = encodeBasic(auth);
    }
    let body: BodyInit | undefined;
    if (opts.body instanceof FormData) {
      body = opts.body;
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['Content-Type'] = 'application/json';
    }

    let response: Response;
    try {
      response = await doFetch(url, { method: opts.method ?? 'GET', headers, body, signal: opts.signal, keepalive: opts.keepalive });
    } catch (error) {
      if (opts.signal?.aborted) throw error;
      options.onReach?.(false);
      throw new NetworkError();
    }
    options.onReach?.(true);
    if (response.ok) return read(response);
    const parsed = await readBody(response).catch(() => undefined);

    const error = errorFromResponse(response.status, parsed, response.headers.get('Retry-After'));
    if (error instanceof UnauthorizedError && auth === 'bearer' && mayRetry) {
      // A call sent before the person signed in again carries the old token: retry it with the new one, asking nobody.
      const current = options.getToken?.() ?? null;
      const renewedMeanwhile = current !== null && current !== sentToken;
      if (renewedMeanwhile || (await reauthenticate())) return send<T>(url, opts, false, read);
    }
    throw error;
  }

  return {
    baseUrl: options.baseUrl,
    request: (path, answer, opts = {}) => send(serviceUrl(options.baseUrl, path, opts.query), opts, true, readAnswer(answer)),
    requestResponse: (path, opts = {}) => send(serviceUrl(options.baseUrl, path, opts.query), opts, true, (response) => Promise.resolve(response)),
    requestUrl: (url, answer, opts = {}) => {
      if (new URL(url).origin !== new URL(options.baseUrl).origin) {
        return Promise.reject(new InvalidBaseUrlError(`Refusing to send credentials to ${new URL(url).origin}.`));
      }
      return send(url, opts, true, readAnswer(answer));
    },
  };
}
