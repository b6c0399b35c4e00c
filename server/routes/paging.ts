import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { PAGE_LIMIT } from '../../src/api/limits';
import { serviceUrl } from '../../src/api/service-url';
import { publicBaseUrl } from './media-links';

const wholeNumber = z.string().regex(/^\d{1,15}$/, { message: 'Give a whole number.' }).transform(Number);

const LIMIT_MESSAGE = `Give a whole number from ${PAGE_LIMIT.min} to ${PAGE_LIMIT.max}.`;

/** A Unix time in seconds (fractions allowed), as a query parameter. */
export const unixTime = z.string().regex(/^-?\d+(\.\d+)?$/, { message: 'Give a Unix time in seconds.' }).transform(Number);

/** `limit` 1..100 (default 10) and the opaque `cursor` of paged lists; other query parameters are ignored. */
export const pagingQuery = z.object({
  limit: wholeNumber.pipe(z.number().int().min(PAGE_LIMIT.min, LIMIT_MESSAGE).max(PAGE_LIMIT.max, LIMIT_MESSAGE)).default(PAGE_LIMIT.default),
  cursor: wholeNumber.optional(),
});

/** The absolute URL of this request's path with the given query parameters: a page's `paging.next`. */
export function pagingLink(request: FastifyRequest, params: Record<string, string | number | boolean>): string {
  return serviceUrl(publicBaseUrl(request), request.url.split('?')[0] ?? '', params);
}
