import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../src/api/types';
import { type DomainError, invalid } from '../errors';
import { HttpError } from './errors';

/**
 * The rules every request meets before any route sees it, the same for every route:
 * - no text anywhere in the path parameters, the query or the body may hold a NUL character (400): PostgreSQL cannot
 *   store one, and no legitimate value has one;
 * - a path parameter (an id) is at most MAX_ID_LENGTH characters: a longer one names nothing (404);
 * - an address is at most MAX_URL_LENGTH characters (414);
 * - a multipart form goes only to a route that reads one (415);
 * and the framework's own refusals (a malformed address, a broken request) answer `{"message"}` like every other error.
 */
export const MAX_ID_LENGTH = 100;
export const MAX_URL_LENGTH = 8192;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads a multipart form (an upload); any other route refuses one with 415. */
    multipart?: boolean;
  }
}

const NUL = '\u0000';
const NUL_MESSAGE = 'Text may not contain the NUL character (U+0000).';

/** Where a NUL character first occurs in a parsed value (a dotted path of keys, '' for the value itself), or null. */
export function findNul(value: unknown): string | null {
  // An explicit stack rather than recursion: a deeply nested body cannot overflow the call stack.
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      if (item.includes(NUL)) return path;
    } else if (Array.isArray(item)) {
      item.forEach((element, index) => stack.push([element, path ? `${path}.${index}` : String(index)]));
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      for (const [key, element] of Object.entries(item)) {
        const keyPath = path ? `${path}.${key}` : key;
        if (key.includes(NUL)) return keyPath;
        stack.push([element, keyPath]);
      }
    }
  }
  return null;
}

/** A 400 for text that holds a NUL character; `part` names the whole value ('path', 'query', 'body'). */
export function nulRefusal(part: string, field: string): DomainError {
  const name = field || part;
  return invalid(`Invalid ${name}: ${NUL_MESSAGE}`, [{ field: name, message: NUL_MESSAGE }]);
}

function refuseNul(part: string, value: unknown): void {
  const field = findNul(value);
  if (field !== null) throw nulRefusal(part, field);
}

/** Adds the edge rules' hooks; register before any route so that every route has them. */
export function registerEdgeRules(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.url.length > MAX_URL_LENGTH) {
      throw new HttpError(414, `The address is too long: at most ${MAX_URL_LENGTH} characters.`);
    }
    refuseNul('path', request.params);
    refuseNul('query', request.query);
  });
  // The body is parsed by now (multipart forms are read by their handler, which applies the same rule).
  app.addHook('preValidation', async (request) => {
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    if (hasBody && request.isMultipart() && !request.routeOptions.config.multipart) {
      throw new HttpError(415, 'This endpoint takes a JSON body, not a multipart form.');
    }
    refuseNul('body', request.body);
  });
}

const send = (reply: FastifyReply, status: number, message: string) => reply.code(status).send({ message } satisfies ErrorBody);

/** Fastify's `frameworkErrors`: the router's refusals, before any hook, as `{"message"}`. */
export function handleFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(reply, 404, `Not found: an id is at most ${MAX_ID_LENGTH} characters.`);
  if (error.code === 'FST_ERR_BAD_URL') return send(reply, 400, 'The address is not valid: it has a malformed %-escape.');
  return send(reply, 400, 'The request could not be routed.');
}

/** The first line of a raw request, as far as it arrived. */
function requestLineLength(rawPacket: unknown): number {
  if (!Buffer.isBuffer(rawPacket)) return 0;
  const end = rawPacket.indexOf('\r\n');
  return end === -1 ? rawPacket.length : end;
}

/**
 * Fastify's `clientErrorHandler`: Node refuses some requests before Fastify sees them (headers or address over
 * 16 KiB, broken HTTP, a client too slow to send its request). They too get `{"message"}`, and the connection closes.
 */
export function handleClientError(error: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let message = 'The request is not valid HTTP.';
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    message = 'The request took too long to arrive.';
  } else if (error.code === 'HPE_HEADER_OVERFLOW') {
    const urlTooLong = requestLineLength(error.rawPacket) > MAX_URL_LENGTH;
    status = urlTooLong ? 414 : 431;
    message = urlTooLong ? `The address is too long: at most ${MAX_URL_LENGTH} characters.` : 'The request headers are too large.';
  }
  const body = JSON.stringify({ message } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
