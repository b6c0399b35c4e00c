import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_TENANT_NAME } from '../../server/demo/seed-identity';
import { parseImportArgs, UsageError } from './args';

describe('parseImportArgs', () => {
  it('reads the folder, subject, URL, credentials and tenant', () => {
    const args = parseImportArgs(
      ['photos', '--subject', 'Belt', '--url', 'http://127.0.0.1:9000/', '--email', 'a@b.test', '--password', 'pw', '--tenant', 'Lab'],
      {},
    );
    expect(args).toEqual({
      baseUrl: 'http://127.0.0.1:9000',
      folder: 'photos',
      subject: 'Belt',
      credentials: { email: 'a@b.test', password: 'pw' },
      tenant: 'Lab',
      concurrency: 4,
    });
  });

  it('takes credentials from the environment, and the demo admin in the demo tenant when there are none', () => {
    const fromEnv = parseImportArgs(['p', '--subject', 's'], { LOOPLABEL_EMAIL: 'e@x.test', LOOPLABEL_PASSWORD: 'secret' });
    expect(fromEnv.credentials).toEqual({ email: 'e@x.test', password: 'secret' });
    expect(fromEnv.tenant).toBeUndefined();
    expect(fromEnv.baseUrl).toBe('http://127.0.0.1:8080');

    const demo = parseImportArgs(['p', '--subject', 's'], {});
    expect(demo.credentials).toEqual({ email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD });
    expect(demo.tenant).toBe(DEMO_TENANT_NAME);
  });

  it.each([
    [['--subject', 's'], /exactly one folder/],
    [['a', 'b', '--subject', 's'], /exactly one folder/],
    [['a'], /--subject/],
    [['a', '--subject', 's', '--email', 'x@y.test'], /both --email and --password/],
    [['a', '--subject', 's', '--concurrency', '0'], /--concurrency/],
    [['a', '--subject', 's', '--colour', 'red'], /colour/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseImportArgs(argv, {})).toThrow(UsageError);
    expect(() => parseImportArgs(argv, {})).toThrow(message);
  });
});
