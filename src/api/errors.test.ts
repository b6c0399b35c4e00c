import { describe, expect, it } from 'vitest';
import {
  ApiError,
  BadRequestError,
  ConflictError,
  errorFromResponse,
  ForbiddenError,
  isRetryable,
  NetworkError,
  NotFoundError,
  parseRetryAfter,
  PayloadTooLargeError,
  RateLimitedError,
  ServerError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
} from './errors';

describe('errorFromResponse', () => {
  it.each([
    [400, BadRequestError],
    [401, UnauthorizedError],
    [403, ForbiddenError],
    [404, NotFoundError],
    [409, ConflictError],
    [413, PayloadTooLargeError],
    [415, UnsupportedMediaTypeError],
    [429, RateLimitedError],
    [500, ServerError],
    [503, ServerError],
    [418, ApiError],
  ])('maps %i to %o', (status, type) => {
    const error = errorFromResponse(status, { message: 'Told by the service.' }, null);
    expect(error).toBeInstanceOf(type);
    expect(error.status).toBe(status);
    expect(error.message).toBe('Told by the service.');
  });

  it('falls back to a sentence of its own when the body has no message', () => {
    expect(errorFromResponse(404, '<html>Not Found</html>', null).message).toBe('Not found.');
    expect(errorFromResponse(502, undefined, null).message).toBe('The service failed to answer. Try again shortly.');
    expect(errorFromResponse(418, { message: '  ' }, null).message).toBe('Request failed (418).');
  });

  it('keeps well-formed field errors of a validation error and drops the rest', () => {
    const error = errorFromResponse(
      400,
      { message: 'Invalid.', errors: [{ field: 'name', message: 'Too long.' }, { field: 3 }, null] },
      null,
    );
    expect(error.fieldErrors).toEqual([{ field: 'name', message: 'Too long.' }]);
  });

  it('reads Retry-After into a 429', () => {
    const error = errorFromResponse(429, { message: 'Slow down.' }, '120');
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBe(120);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds or an HTTP date, never less than one second', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30);
    expect(parseRetryAfter('0.2', now)).toBe(1);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:02:00 GMT', now)).toBe(120);
    expect(parseRetryAfter(null, now)).toBe(1);
    expect(parseRetryAfter('soon', now)).toBe(1);
  });
});

describe('isRetryable', () => {
  it('retries only what may pass on its own', () => {
    expect(isRetryable(new NetworkError())).toBe(true);
    expect(isRetryable(new ServerError(503, 'Down.'))).toBe(true);
    expect(isRetryable(new RateLimitedError('Slow.', 5))).toBe(true);
    expect(isRetryable(new BadRequestError(400, 'Bad.'))).toBe(false);
    expect(isRetryable(new UnauthorizedError(401, 'Who?'))).toBe(false);
  });
});
