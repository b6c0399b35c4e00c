import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../src/api/types';
import { DomainError, type DomainErrorKind } from '../errors';
import { HttpError } from './errors';

/** The one place where the service's kinds of error become statuses. */
const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'unsupported-media': 415,
  'range-not-satisfiable': 416,
  'key-reused': 422,
  'too-many-requests': 429,
  unavailable: 503,
};

// Fastify's own 4xx errors, said in words a person can act on.
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request body has a content type this endpoint does not accept.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
  FST_ERR_CTP_INVALID_TYPE: 'The request has a Content-Type header that is not valid.',
  // Multipart uploads (@fastify/multipart).
  FST_PARTS_LIMIT: 'The form has too many parts.',
  FST_FILES_LIMIT: 'The form has too many files.',
  FST_FIELDS_LIMIT: 'The form has too many fields.',
  FST_PROTO_VIOLATION: 'The form has a field name that is not allowed.',
  FST_MP_PREMATURE_CLOSE: 'The form ended before it was complete.',
};

/** Statuses the framework's codes stand for, where its own differ from the API's rules. */
const FRAMEWORK_STATUSES: Record<string, number> = {
  // "Not multipart" is a body of the wrong type for an upload (415), not a matter of the Accept header (406).
  FST_INVALID_MULTIPART_CONTENT_TYPE: 415,
};

const SERVER_FAILURE = 'Something went wrong on the service. Try again shortly.';

/**
 * A browser answers a `Basic` challenge to a script's request with its own password prompt, over the page.
 * Scripts that say so (`X-Requested-With: XMLHttpRequest`, as the Looplabel app does) get the same challenge
 * under a scheme browsers do not prompt for; every other client gets the standard one.
 */
function challengeHeaders(headers: Record<string, string>, request: FastifyRequest): Record<string, string> {
  const challenge = headers['WWW-Authenticate'];
  if (!challenge?.startsWith('Basic ') || request.headers['x-requested-with'] !== 'XMLHttpRequest') return headers;
  return { ...headers, 'WWW-Authenticate': `X${challenge}` };
}

/** The one error handler: `{"message", "errors"?}` for 4xx; a 5xx says only that something failed, and is logged. */
export function handleError(error: FastifyError | HttpError | DomainError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DomainError) {
    const body: ErrorBody = { message: error.message };
    const { fieldErrors, retryAfterSeconds, fileSize } = error.details;
    if (fieldErrors?.length) body.errors = fieldErrors;
    if (retryAfterSeconds !== undefined) reply.header('Retry-After', String(retryAfterSeconds));
    if (fileSize !== undefined) reply.header('Content-Range', `bytes */${fileSize}`);
    return reply.status(STATUS_OF_KIND[error.kind]).send(body);
  }
  if (error instanceof HttpError) {
    return reply.status(error.statusCode).headers(challengeHeaders(error.headers, request)).send({ message: error.message });
  }
  const status =
    FRAMEWORK_STATUSES[error.code] ?? (error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500);
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ message: SERVER_FAILURE });
  }
  const message = FRAMEWORK_MESSAGES[error.code] ?? (error instanceof SyntaxError ? FRAMEWORK_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY : error.message);
  return reply.status(status).send({ message });
}
