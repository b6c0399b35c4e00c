import type { FastifyInstance } from 'fastify';
import { JSON_DEPTH_MAX } from '../../src/api/limits';
import { badRequest } from './errors';

export const JSON_TOO_DEEP_MESSAGE = `The JSON is nested deeper than ${JSON_DEPTH_MAX} levels of objects and arrays.`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);

/**
 * Whether JSON text opens more than `limit` objects and arrays inside each other. One pass over the characters,
 * without recursion and before anything is parsed, so that no depth of input can exhaust the stack. Brackets inside
 * strings do not count; malformed text is left for the parser to refuse.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === BACKSLASH) index += 1;
      else if (code === QUOTE) inString = false;
    } else if (code === QUOTE) {
      inString = true;
    } else if (OPENERS.has(code)) {
      depth += 1;
      if (depth > limit) return true;
    } else if (CLOSERS.has(code)) {
      depth -= 1;
    }
  }
  return false;
}

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
    if (nestsDeeperThan(text, JSON_DEPTH_MAX)) return done(badRequest(JSON_TOO_DEEP_MESSAGE), undefined);
    return parseJson(request, text, done);
  });
}
