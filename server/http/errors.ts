import type { FieldError } from '../../src/api/types';

/** An error whose status and message are safe to show the caller as `{"message", "errors"?}`. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly fieldErrors: FieldError[];
  readonly headers: Record<string, string>;

  constructor(statusCode: number, message: string, options: { fieldErrors?: FieldError[]; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.fieldErrors = options.fieldErrors ?? [];
    this.headers = options.headers ?? {};
  }
}

export const badRequest = (message: string, fieldErrors?: FieldError[]) => new HttpError(400, message, { fieldErrors });

export const unauthorized = (message: string, challenge: string) =>
  new HttpError(401, message, { headers: { 'WWW-Authenticate': challenge } });

export const forbidden = (message = 'You are not allowed to do this.') => new HttpError(403, message);

export const notFound = (message = 'Not found.') => new HttpError(404, message);

export const conflict = (message: string) => new HttpError(409, message);

export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, { headers: { 'Retry-After': String(retryAfterSeconds) } });
