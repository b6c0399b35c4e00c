import type { FastifyRequest } from 'fastify';
import type { MediaLinks } from '../domain/media';

/** The absolute base of generated URLs: the configured public URL, else the origin the request came to. */
export function publicBaseUrl(request: FastifyRequest): string {
  return request.server.config.publicUrl ?? `${request.protocol}://${request.host}`;
}

export function mediaLinksFor(request: FastifyRequest): MediaLinks {
  return { baseUrl: publicBaseUrl(request), secret: request.server.mediaSecret };
}
