/**
 * An error that only HTTP can say: a challenge to authenticate (401 with `WWW-Authenticate`), an address or a body
 * the edge refuses. Everything else is a DomainError (server/errors.ts) that the error handler maps to a status.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;

  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

export const unauthorized = (message: string, challenge: string) => new HttpError(401, message, { 'WWW-Authenticate': challenge });
