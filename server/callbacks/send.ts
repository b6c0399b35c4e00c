import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isSecureUrl } from '../../src/api/url-rule';
import { isAllowedHost, portOf, refusalOfAddress, refusalOfUrl, type CallbackAddressRules } from '../net/address-rule';
import { AddressRefused, guardedLookup, type Resolver } from '../net/guarded-lookup';

export type SendOutcome =
  | { kind: 'delivered' }
  /** Worth retrying: an error status, no answer in time, a connection refused, a name that did not resolve. */
  | { kind: 'failed'; error: string }
  /** The address rule forbids the target. */
  | { kind: 'refused'; error: string }
  /** The service is closing. */
  | { kind: 'stopped' };

export interface OutgoingPost {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export interface SendOptions {
  addresses: CallbackAddressRules;
  timeoutMilliseconds: number;
  /** Aborted when the service closes. */
  stopping: AbortSignal;
  /** Resolves a name to all its addresses (tests give their own); the system resolver by default. */
  resolve?: Resolver;
}

/** A lookup that allows only the addresses the callback rule allows for this URL. */
function callbackLookup(url: URL, options: SendOptions): LookupFunction {
  const allowed = isAllowedHost(url, options.addresses);
  const port = portOf(url);
  return guardedLookup((address) => refusalOfAddress(address, port, options.addresses, allowed), options.resolve);
}

/** Posts the body once; the status of the answer, or an error. */
function request(url: URL, post: OutgoingPost, signal: AbortSignal, lookup: LookupFunction): Promise<number> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: 'POST',
        headers: { ...post.headers, 'Content-Length': String(Buffer.byteLength(post.body)) },
        signal,
        lookup,
        // A fresh connection each time: a kept-alive socket would skip the lookup, and with it the address check.
        agent: false,
      },
      (response) => {
        resolve(response.statusCode ?? 0);
        response.destroy(); // the answer's body is not read
      },
    );
    outgoing.on('error', reject);
    outgoing.end(post.body);
  });
}

/**
 * Sends one callback post, if the address rule allows its target: judged on the URL as written, then on every
 * address its host resolves to. Redirects are not followed (a 3xx counts as a failure).
 */
export async function sendPost(post: OutgoingPost, options: SendOptions): Promise<SendOutcome> {
  if (!isSecureUrl(post.url)) return { kind: 'refused', error: `${post.url} is not an https: URL (or http: on loopback).` };
  const refusal = refusalOfUrl(post.url, options.addresses);
  if (refusal !== null) return { kind: 'refused', error: refusal };
  const url = new URL(post.url);
  const timeout = AbortSignal.timeout(options.timeoutMilliseconds);
  try {
    const status = await request(url, post, AbortSignal.any([options.stopping, timeout]), callbackLookup(url, options));
    return status >= 200 && status < 300 ? { kind: 'delivered' } : { kind: 'failed', error: `HTTP ${status}` };
  } catch (error) {
    if (options.stopping.aborted) return { kind: 'stopped' };
    if (error instanceof AddressRefused) return { kind: 'refused', error: `The URL ${post.url} may not receive callbacks: ${error.message}` };
    if (timeout.aborted) return { kind: 'failed', error: `No answer within ${options.timeoutMilliseconds / 1000} s.` };
    return { kind: 'failed', error: error instanceof Error ? error.message : String(error) };
  }
}
