import { InvalidBaseUrlError, NetworkError, RateLimitedError, ServerError, UnauthorizedError } from '../../../api/errors';
import { describeSignInError } from './sign-in-errors';

describe('describeSignInError', () => {
  it('tells each failure apart', () => {
    expect(describeSignInError(new UnauthorizedError(401, 'x'))).toBe('Wrong email or password.');
    expect(describeSignInError(new NetworkError())).toMatch(/could not be reached/);
    expect(describeSignInError(new InvalidBaseUrlError('The service address http://x.test is not secure.'))).toMatch(
      /service address it may not use.*not secure/,
    );
    expect(describeSignInError(new ServerError(503, 'The service failed to answer.'))).toBe('The service failed to answer.');
    expect(describeSignInError(new Error('boom'))).toBe('Something went wrong. Try again.');
  });

  it('rounds a lock-out up to whole minutes', () => {
    expect(describeSignInError(new RateLimitedError('x', 30))).toMatch(/try again in 1 minute\.$/);
    expect(describeSignInError(new RateLimitedError('x', 601))).toMatch(/try again in 11 minutes\.$/);
  });
});
