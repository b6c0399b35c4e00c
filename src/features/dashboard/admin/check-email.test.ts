import { checkEmail } from './check-email';

describe('client-side checks', () => {
  it('checks the shape of an email', () => {
    expect(checkEmail('ada@acme.test')).toBeUndefined();
    expect(checkEmail('ada@')).toBeDefined();
  });
});
