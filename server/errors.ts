import type { FieldError } from '../src/api/types';

/**
 * What went wrong, in the service's own words: the HTTP edge (server/http/error-handler.ts) alone turns a kind into
 * a status. Everything below the routes throws these, and never speaks HTTP.
 */
export type DomainErrorKind =
  | 'invalid'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  /** A file larger than the service takes. */
  | 'too-large'
  /** A file that is not an image the service can read. */
  | 'unsupported-media'
  /** A part of a file that starts past its end. */
  | 'range-not-satisfiable'
  /** An Idempotency-Key sent again with a different body. */
  | 'key-reused'
  | 'too-many-requests'
  /** A part of the service (the detector) is saturated for a moment. */
  | 'unavailable';

export interface DomainErrorDetails {
  /** For `invalid`: which fields, and what is wrong with each. */
  fieldErrors?: FieldError[];
  /** For `too-many-requests` and `unavailable`: when to try again. */
  retryAfterSeconds?: number;
  /** For `range-not-satisfiable`: the size of the whole file, in bytes. */
  fileSize?: number;
}

/** An error whose message is safe to show the caller. */
export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly details: DomainErrorDetails;

  constructor(kind: DomainErrorKind, message: string, details: DomainErrorDetails = {}) {
    super(message);
    this.name = 'DomainError';
    this.kind = kind;
    this.details = details;
  }
}

export const invalid = (message: string, fieldErrors?: FieldError[]) => new DomainError('invalid', message, { fieldErrors });

export const forbidden = (message: string) => new DomainError('forbidden', message);

export const notFound = (message: string) => new DomainError('not-found', message);

export const conflict = (message: string) => new DomainError('conflict', message);

export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new DomainError('too-many-requests', message, { retryAfterSeconds });

export const tooLarge = (message: string) => new DomainError('too-large', message);

export const unsupportedMedia = (message: string) => new DomainError('unsupported-media', message);

export const rangeNotSatisfiable = (message: string, fileSize: number) => new DomainError('range-not-satisfiable', message, { fileSize });

export const unavailable = (message: string, retryAfterSeconds: number) =>
  new DomainError('unavailable', message, { retryAfterSeconds });
