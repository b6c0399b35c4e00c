import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLoopbackHost } from '../../src/api/url-rule';
import type { ServiceConfig } from '../config';
import { badRequest, HttpError } from './errors';

/** The host name a request was addressed to (`Host`, or `X-Forwarded-Host` from a trusted proxy), as URLs spell it. */
function requestedHostname(request: FastifyRequest): string {
  const host = request.host;
  if (!host || !URL.canParse(`http://${host}`)) throw badRequest('The request names no valid host (the Host header).');
  return new URL(`http://${host}`).hostname;
}

/** The address the connection arrived at, as URLs spell it (IPv6 in brackets, IPv4-mapped IPv6 as IPv4), or null. */
function arrivedAt(request: FastifyRequest): string | null {
  const address = request.socket.localAddress;
  if (!address) return null;
  const ipv4 = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return ipv4.includes(':') ? `[${ipv4.toLowerCase()}]` : ipv4;
}

/**
 * Without PUBLIC_URL the service builds its absolute URLs (signed media links, paging) from the host a request was
 * addressed to. So that a forged Host header cannot make it hand out links to another site, it then answers only
 * requests addressed to a loopback name (localhost, 127.x.x.x, [::1]) or to the very address the connection
 * arrived at, and any other with 421. With PUBLIC_URL every URL starts with it and the Host header is not used.
 */
export function registerHostRule(app: FastifyInstance, config: Pick<ServiceConfig, 'publicUrl'>): void {
  if (config.publicUrl) return;
  app.addHook('onRequest', async (request) => {
    const hostname = requestedHostname(request);
    if (isLoopbackHost(hostname) || hostname === arrivedAt(request)) return;
    throw new HttpError(
      421,
      `This service does not answer for the host ${hostname}: without PUBLIC_URL it answers only for localhost and ` +
        'the address it listens on. Its operator sets PUBLIC_URL to serve it under another name.',
    );
  });
}
