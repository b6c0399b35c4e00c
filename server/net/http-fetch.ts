import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { AddressRefused, guardedLookup, type AddressJudge, type Resolver } from './guarded-lookup';
import { answerChallenge, type Credentials } from './http-auth';

/** Where a fetch may go: the rule of a URL as written, and the judge of the addresses its host resolves to. */
export interface FetchPolicy {
  /** Why this URL (the first or a redirect's) may not be fetched; null when it may. */
  refusalOfUrl(url: URL): string | null;
  judgeFor(url: URL): AddressJudge;
  resolve?: Resolver;
}

/** A fetch that failed, with a sentence for people (the application page shows it). */
export class FetchFailed extends Error {
  override name = 'FetchFailed';
}

export interface FetchOptions {
  /** Ends the fetch (a deadline, or the service closing). */
  signal: AbortSignal;
  accept: string;
  userAgent: string;
  /** Sent only to the first URL's origin, in answer to its challenge (Basic or Digest). */
  credentials?: Credentials | undefined;
  /** A POST of this JSON body (a redirect by 307 or 308 posts it again; by 301, 302 or 303 becomes a GET). */
  json?: Buffer | undefined;
  /** An `Authorization` header sent as it is, only to the first URL's origin. */
  authorization?: string | undefined;
}

export interface OpenResponse {
  url: URL;
  headers: IncomingHttpHeaders;
  body: IncomingMessage;
}

const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function send(url: URL, headers: Record<string, string>, body: Buffer | null, policy: FetchPolicy, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: body === null ? 'GET' : 'POST',
      headers: body === null ? headers : { ...headers, 'content-type': 'application/json', 'content-length': String(body.length) },
      signal,
      lookup: guardedLookup(policy.judgeFor(url), policy.resolve),
      // A fresh connection for each request: a kept-alive socket would skip the lookup, and with it the address check.
      agent: false,
    });
    request.on('response', resolve);
    request.on('error', reject);
    request.end(body ?? undefined);
  });
}

const pathOf = (url: URL) => `${url.pathname}${url.search}`;

function describe(error: unknown, url: URL, signal: AbortSignal): string {
  if (signal.aborted) return `No answer from ${url.host} in time.`;
  if (error instanceof AddressRefused) return `${url.host} may not be reached: ${error.message}`;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ECONNREFUSED') return `${url.host} refused the connection.`;
  if (code === 'ECONNRESET') return `${url.host} closed the connection.`;
  if (code === 'ENOTFOUND') return `${url.hostname} does not resolve to an address.`;
  return `Reaching ${url.host} failed: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * GETs a URL (or POSTs `json` to it) and answers its body as a stream once a 2xx arrives. Every URL (the first and
 * each of at most 5 redirects) is judged by the policy, and so is every address its host resolves to. Credentials
 * answer a 401's challenge, once, and only on the first URL's origin, where alone `authorization` is sent. Any other
 * status is a FetchFailed naming it.
 */
export async function openUrl(raw: string, policy: FetchPolicy, options: FetchOptions): Promise<OpenResponse> {
  let url = new URL(raw);
  const origin = url.origin;
  let authorization: string | null = options.authorization ?? null;
  let body = options.json ?? null;
  for (let hop = 0; ; ) {
    const refusal = policy.refusalOfUrl(url);
    if (refusal !== null) throw new FetchFailed(refusal);
    const headers = { accept: options.accept, 'user-agent': options.userAgent, ...(authorization ? { authorization } : {}) };
    const response = await send(url, headers, body, policy, options.signal).catch((error: unknown) => {
      throw new FetchFailed(describe(error, url, options.signal));
    });
    const status = response.statusCode ?? 0;
    if (status >= 200 && status < 300) return { url, headers: response.headers, body: response };
    response.destroy();
    if (REDIRECTS.has(status) && response.headers.location && hop < MAX_REDIRECTS) {
      hop += 1;
      url = new URL(response.headers.location, url);
      authorization = url.origin === origin ? (options.authorization ?? null) : null;
      if (status !== 307 && status !== 308) body = null;
      continue;
    }
    if (status === 401 && options.credentials && authorization === null && url.origin === origin) {
      authorization = answerChallenge(response.headers['www-authenticate'], options.credentials, body === null ? 'GET' : 'POST', pathOf(url));
      if (authorization !== null) continue;
    }
    throw new FetchFailed(statusMessage(status, url, Boolean(options.credentials)));
  }
}

function statusMessage(status: number, url: URL, withCredentials: boolean): string {
  if (REDIRECTS.has(status)) return `${url.host} redirected more than ${MAX_REDIRECTS} times.`;
  if (status === 401) return withCredentials ? `${url.host} refused the user name and password (HTTP 401).` : `${url.host} asks for a user name and password (HTTP 401).`;
  return `${url.host} answered HTTP ${status}.`;
}

/** The declared length, when the response gives one. */
const declaredLength = (headers: IncomingHttpHeaders) => (headers['content-length'] === undefined ? null : Number(headers['content-length']));

/** The whole body, counted as it arrives: past `maxBytes` (or a declared length past it) the fetch ends. */
export async function readBody({ body, headers, url }: OpenResponse, maxBytes: number, what: string): Promise<Buffer> {
  const declared = declaredLength(headers);
  if (declared !== null && declared > maxBytes) {
    body.destroy();
    throw new FetchFailed(`${what} at ${url.host} is larger than ${maxBytes.toLocaleString('en')} bytes.`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      body.destroy();
      throw new FetchFailed(`${what} at ${url.host} is larger than ${maxBytes.toLocaleString('en')} bytes.`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
