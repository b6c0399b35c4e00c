import type { FieldError } from './primitives';

/** Any failure of a call to the service, with what a person needs to read. */
export class ApiError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldError[];

  constructor(status: number, message: string, fieldErrors: FieldError[] = []) {
    super(message);
    this.name = new.target.name;
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

export class BadRequestError extends ApiError {}
export class UnauthorizedError extends ApiError {}
export class ForbiddenError extends ApiError {}
export class NotFoundError extends ApiError {}
export class ConflictError extends ApiError {}
export class PayloadTooLargeError extends ApiError {}
export class UnsupportedMediaTypeError extends ApiError {}
export class ServerError extends ApiError {}

export class RateLimitedError extends ApiError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super(429, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The service could not be reached at all (offline, refused, DNS, CORS). */
export class NetworkError extends ApiError {
  constructor(message = 'The service could not be reached. Check your connection and try again.') {
    super(0, message);
  }
}

/** A successful answer that breaks its contract schema: the service and the app speak different versions. */
export class UnexpectedAnswerError extends ApiError {
  /** Where the answer broke the schema, for the console and bug reports (never shown as the message). */
  readonly problems: string[];

  constructor(status: number, url: string, issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
    super(status, 'The service sent an answer the app does not understand. Reload the page; if it persists, the service may need an update.');
    this.problems = issues.slice(0, 5).map((issue) => `${url} ${issue.path.map(String).join('.') || '(body)'}: ${issue.message}`);
  }
}

/** The configured base URL is not one the app may send credentials to. */
export class InvalidBaseUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidBaseUrlError';
  }
}

const FALLBACK_MESSAGES: Record<number, string> = {
  400: 'The request was not valid.',
  401: 'Your credentials were not accepted.',
  403: 'You are not allowed to do this.',
  404: 'Not found.',
  409: 'This conflicts with the current state.',
  413: 'The request is too large.',
  415: 'This kind of file is not supported.',
  429: 'Too many attempts. Wait a moment and try again.',
};

/** Parses the Retry-After header (seconds or an HTTP date) into whole seconds, at least 1. */
export function parseRetryAfter(value: string | null, now = Date.now()): number {
  if (!value) return 1;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(1, Math.ceil(seconds));
  const date = Date.parse(value);
  if (Number.isFinite(date)) return Math.max(1, Math.ceil((date - now) / 1000));
  return 1;
}

/** Maps a failed response and its (possibly non-JSON) body to a typed error. */
export function errorFromResponse(status: number, body: unknown, retryAfter: string | null): ApiError {
  const parsed = body && typeof body === 'object' ? (body as { message?: unknown; errors?: unknown }) : {};
  const message =
    typeof parsed.message === 'string' && parsed.message.trim() !== ''
      ? parsed.message
      : (FALLBACK_MESSAGES[status] ?? (status >= 500 ? 'The service failed to answer. Try again shortly.' : `Request failed (${status}).`));
  const fieldErrors = Array.isArray(parsed.errors)
    ? parsed.errors.filter(
        (e): e is FieldError => !!e && typeof e.field === 'string' && typeof e.message === 'string',
      )
    : [];
  switch (status) {
    case 400:
      return new BadRequestError(status, message, fieldErrors);
    case 401:
      return new UnauthorizedError(status, message);
    case 403:
      return new ForbiddenError(status, message);
    case 404:
      return new NotFoundError(status, message);
    case 409:
      return new ConflictError(status, message);
    case 413:
      return new PayloadTooLargeError(status, message);
    case 415:
      return new UnsupportedMediaTypeError(status, message);
    case 429:
      return new RateLimitedError(message, parseRetryAfter(retryAfter));
    default:
      return status >= 500 ? new ServerError(status, message) : new ApiError(status, message, fieldErrors);
  }
}

/** Whether a failed call may succeed when simply tried again later. */
export function isRetryable(error: unknown): boolean {
  return error instanceof NetworkError || error instanceof ServerError || error instanceof RateLimitedError;
}
