import type { FastifyRequest } from 'fastify';

/**
 * The absolute base (no trailing slash) of URLs the service hands out, such as media links and `paging.next`:
 * PUBLIC_URL when configured, otherwise the origin the request was made to (proxy-aware when trusted).
 */
export function publicBaseUrl(request: FastifyRequest): string {
  return request.server.config.publicUrl ?? `${request.protocol}://${request.host}`;
}
