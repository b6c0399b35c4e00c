import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, isLoopbackAddress, loadConfig } from './config';

describe('loadConfig', () => {
  it('has loopback defaults', () => {
    const config = loadConfig([], {});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('.data'),
      databaseUrl: null,
      tls: null,
      trustProxy: false,
      tokenTtlSeconds: 86400,
      allowSpecialTypes: false,
      registration: 'open',
      publicUrl: null,
      demo: true,
      demoWaiting: 60,
      logLevel: 'info',
      rateLimit: { windowSeconds: 900, maxFailuresPerEmail: 10, maxFailuresPerAddress: 30, registrationWindowSeconds: 3600, maxRegistrationsPerAddress: 20 },
      build: { number: 0 },
      mediaStore: { kind: 'disk' },
      callbacks: { allowedHosts: [] },
    });
  });

  const S3_ENV = {
    MEDIA_STORE: 's3',
    S3_ENDPOINT: 'https://objects.example.org/',
    S3_BUCKET: 'looplabel-media',
    S3_REGION: 'eu-central-1',
    S3_ACCESS_KEY_ID: 'key-id',
    S3_SECRET_ACCESS_KEY: 'key-secret',
  };

  it('reads the S3 media store settings', () => {
    expect(loadConfig([], S3_ENV).mediaStore).toEqual({
      kind: 's3',
      s3: {
        endpoint: 'https://objects.example.org',
        bucket: 'looplabel-media',
        region: 'eu-central-1',
        accessKeyId: 'key-id',
        secretAccessKey: 'key-secret',
      },
    });
    expect(loadConfig([], { ...S3_ENV, S3_ENDPOINT: 'http://127.0.0.1:9000' }).mediaStore).toMatchObject({ s3: { endpoint: 'http://127.0.0.1:9000' } });
    expect(loadConfig([], { MEDIA_STORE: 'DISK' }).mediaStore).toEqual({ kind: 'disk' });
  });

  it('names every S3 setting that MEDIA_STORE=s3 lacks', () => {
    expect(() => loadConfig([], { MEDIA_STORE: 's3', S3_ENDPOINT: 'https://objects.example.org', S3_REGION: ' ' })).toThrow(
      new ConfigError('MEDIA_STORE=s3 needs S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY.'),
    );
  });

  it('runs the background jobs unless BACKGROUND_JOBS=0, which needs a PostgreSQL server for the workers', () => {
    expect(loadConfig([], {})).toMatchObject({ backgroundJobs: true, jobTimeoutSeconds: 300 });
    const env = { DATABASE_URL: 'postgres://db.internal/looplabel', BACKGROUND_JOBS: '0', JOB_TIMEOUT_SECONDS: '60' };
    expect(loadConfig([], env)).toMatchObject({ backgroundJobs: false, jobTimeoutSeconds: 60 });
    expect(() => loadConfig([], { BACKGROUND_JOBS: '0' })).toThrow(
      new ConfigError('BACKGROUND_JOBS=0 needs DATABASE_URL: only workers on the same PostgreSQL server could run the jobs.'),
    );
  });

  it('reads REGISTRATION: open, invite or closed', () => {
    expect(loadConfig([], { REGISTRATION: '' }).registration).toBe('open');
    expect(loadConfig([], { REGISTRATION: ' Invite ' }).registration).toBe('invite');
    expect(loadConfig([], { REGISTRATION: 'closed' }).registration).toBe('closed');
  });

  it('reads CALLBACK_ALLOWED_HOSTS as hosts spelled as URLs spell them', () => {
    const config = loadConfig([], { CALLBACK_ALLOWED_HOSTS: ' Hooks.Internal.Example , 10.0.0.5,fd00::1,[FE80::2],, hooks.internal.example' });
    expect(config.callbacks?.allowedHosts).toEqual(['hooks.internal.example', '10.0.0.5', '[fd00::1]', '[fe80::2]']);
  });

  it('reads the environment, and flags win over it', () => {
    const config = loadConfig(['--port', '9000', '--data-dir', '/srv/looplabel', '--no-demo'], {
      PORT: '7000',
      HOST: '::1',
      DATA_DIR: '/elsewhere',
      DATABASE_URL: 'postgres://127.0.0.1/looplabel',
      TRUST_PROXY: '10.0.0.0/8,127.0.0.1',
      TOKEN_TTL_SECONDS: '3600',
      ALLOW_SPECIAL_TYPES: 'true',
      PUBLIC_URL: 'https://label.example.org/',
      BUILD_NUMBER: '42',
      BUILD_TIME: '2025-03-01T12:00:00Z',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '::1',
      dataDir: '/srv/looplabel',
      databaseUrl: 'postgres://127.0.0.1/looplabel',
      trustProxy: '10.0.0.0/8,127.0.0.1',
      tokenTtlSeconds: 3600,
      allowSpecialTypes: true,
      publicUrl: 'https://label.example.org',
      demo: false,
      build: { number: 42, time: '2025-03-01T12:00:00Z' },
    });
    expect(loadConfig([], { DEMO: '0', TRUST_PROXY: 'true' })).toMatchObject({ demo: false, trustProxy: true });
    expect(loadConfig([], { DEMO_WAITING: '200' })).toMatchObject({ demo: true, demoWaiting: 200 });
  });

  it('refuses a non-loopback host without both a certificate and a key', () => {
    expect(() => loadConfig(['--host', '0.0.0.0'], {})).toThrow(/Refusing to listen on 0\.0\.0\.0 over plain HTTP/);
    expect(() => loadConfig([], { HOST: '192.168.1.20', TLS_CERT: 'cert.pem' })).toThrow(ConfigError);
    const config = loadConfig(['--host', '0.0.0.0', '--tls-cert', 'cert.pem'], { TLS_KEY: 'key.pem' });
    expect(config.tls).toEqual({ certPath: path.resolve('cert.pem'), keyPath: path.resolve('key.pem') });
  });

  it.each([
    [['--port', 'eighty'], {}, /PORT must be a whole number/],
    [[], { PORT: '70000' }, /PORT must be a whole number from 0 to 65535/],
    [[], { TOKEN_TTL_SECONDS: '-5' }, /TOKEN_TTL_SECONDS/],
    [[], { ALLOW_SPECIAL_TYPES: 'perhaps' }, /ALLOW_SPECIAL_TYPES must be true or false/],
    [[], { PUBLIC_URL: 'label.example.org' }, /PUBLIC_URL must be an absolute URL/],
    [[], { LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [[], { REGISTRATION: 'invite-only' }, /REGISTRATION must be open, invite or closed, got "invite-only"/],
    [[], { CALLBACK_ALLOWED_HOSTS: 'hooks.example:8443' }, /CALLBACK_ALLOWED_HOSTS must list host names or addresses.*hooks\.example:8443/],
    [[], { CALLBACK_ALLOWED_HOSTS: 'https://hooks.example/' }, /CALLBACK_ALLOWED_HOSTS/],
    [[], { DEMO_WAITING: '0' }, /DEMO_WAITING must be a whole number from 1/],
    [[], { MEDIA_STORE: 'nfs' }, /MEDIA_STORE must be disk or s3, got "nfs"/],
    [[], { ...S3_ENV, S3_ENDPOINT: 'objects.example.org' }, /S3_ENDPOINT must be an absolute URL/],
    [[], { ...S3_ENV, S3_ENDPOINT: 'http://objects.example.org' }, /Refusing plain HTTP to the S3 server objects\.example\.org/],
    [['--colour'], {}, /colour/],
  ])('refuses invalid input %j %j with a clear message', (argv, env, message) => {
    expect(() => loadConfig(argv, env)).toThrow(message);
    expect(() => loadConfig(argv, env)).toThrow(ConfigError);
  });
});

describe('isLoopbackAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['0.0.0.0', false],
    ['::', false],
    ['10.0.0.1', false],
  ])('%s → %s', (host, expected) => {
    expect(isLoopbackAddress(host)).toBe(expected);
  });
});
