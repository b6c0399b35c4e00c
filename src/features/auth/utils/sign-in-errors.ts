import { ApiError, InvalidBaseUrlError, NetworkError, RateLimitedError, UnauthorizedError } from '../../../api/errors';

/** What to tell a person whose sign-in (or password re-entry) failed. */
export function describeSignInError(error: unknown): string {
  if (error instanceof UnauthorizedError) return 'Wrong email or password.';
  if (error instanceof RateLimitedError) {
    const minutes = Math.max(1, Math.ceil(error.retryAfterSeconds / 60));
    return `Too many attempts. For your security, sign-in is paused: try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
  }
  if (error instanceof NetworkError) {
    return 'The service could not be reached. Check your connection, or ask whoever runs the service whether it is up.';
  }
  if (error instanceof InvalidBaseUrlError) return `The app is set up with a service address it may not use. ${error.message}`;
  if (error instanceof ApiError) return error.message;
  return 'Something went wrong. Try again.';
}
