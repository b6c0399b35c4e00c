import type { FastifyInstance } from 'fastify';
import { JSON_TOO_DEEP_MESSAGE, nestsDeeperThan } from '../../src/api/json-depth';
import { JSON_DEPTH_MAX } from '../../src/api/limits';
import { invalid } from '../errors';

/**
 * Every body that is not a multipart form is parsed as JSON, whatever its declared type (client libraries are told
 * to omit the Content-Type header), by Fastify's own parser (which refuses `__proto__` and `constructor` keys)
 * after the depth check. Register before any route.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
    // parseAs 'string' gives a string.
    const text = body as string;
    if (nestsDeeperThan(text, JSON_DEPTH_MAX)) return done(invalid(JSON_TOO_DEEP_MESSAGE), undefined);
    return parseJson(request, text, done);
  });
}
