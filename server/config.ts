import path from 'node:path';
import { parseArgs } from 'node:util';
import { isLoopbackHost } from '../src/api/url-rule';
import { normalizeHost } from './callbacks/address-rule';
import type { S3Settings } from './media/s3-blob-store';

export interface RateLimitConfig {
  /** Failed sign-ins count for this long. */
  windowSeconds: number;
  /** Failed sign-ins for one email from one client address. */
  maxFailuresPerEmail: number;
  /** Failed sign-ins from one client address, whatever the email. */
  maxFailuresPerAddress: number;
  /** Registrations (`POST /1/users`) count for this long. */
  registrationWindowSeconds: number;
  maxRegistrationsPerAddress: number;
}

export interface FeedbackConfig {
  /** Seconds between scheduler runs; 0 turns the timer off (it still runs after new candidates). */
  scheduleIntervalSeconds: number;
  /** A new model is released after this many feedback answers; 0 releases only on request. */
  releaseEveryAnswers: number;
  /** A pulled request is held for the labeller this long; then it goes back to the front of the queue. */
  leaseSeconds: number;
}

export interface CallbackConfig {
  /** A failing post is retried for this long from its first attempt. */
  retryWindowSeconds: number;
  /** Then its URL is blacklisted for this long. */
  blacklistSeconds: number;
  /** The first retry waits this long; each later one twice as long as the one before. */
  firstRetrySeconds: number;
  /** How often the worker looks for due posts, in milliseconds; 0 turns the worker off. */
  pollMilliseconds: number;
  /** Each delivery attempt gives up after this long. */
  timeoutMilliseconds: number;
  /**
   * Hosts (as `URL.hostname` spells them) exempt from the callback address rule: they may be private, link-local
   * or loopback addresses, or names that resolve to such addresses.
   */
  allowedHosts: string[];
}

export const DEFAULT_FEEDBACK_CONFIG: FeedbackConfig = { scheduleIntervalSeconds: 60, releaseEveryAnswers: 25, leaseSeconds: 1200 };
export const DEFAULT_CALLBACK_CONFIG: CallbackConfig = {
  retryWindowSeconds: 30,
  blacklistSeconds: 300,
  firstRetrySeconds: 1,
  pollMilliseconds: 1000,
  timeoutMilliseconds: 10_000,
  allowedHosts: [],
};

/** Where media bytes live: files under `<dataDir>/media` (the default), or an S3-compatible bucket. */
export type MediaStoreConfig = { kind: 'disk' } | { kind: 's3'; s3: S3Settings };

export interface ServiceConfig {
  port: number;
  host: string;
  dataDir: string;
  /** node-postgres connection string; when null the embedded PGlite database in `<dataDir>/db` is used. */
  databaseUrl: string | null;
  /** Paths of the PEM certificate and key; null serves plain HTTP (loopback only). */
  tls: { certPath: string; keyPath: string } | null;
  /** Fastify's trustProxy: true, or a comma-separated list of proxy addresses / CIDRs. */
  trustProxy: boolean | string;
  tokenTtlSeconds: number;
  allowSpecialTypes: boolean;
  /** Absolute base of generated URLs (no trailing slash); null derives it from each request's host. */
  publicUrl: string | null;
  demo: boolean;
  /** With the demo: how many feedback requests each demo application keeps waiting; 60 when absent. */
  demoWaiting?: number;
  logLevel: string;
  /** Folder of the built single-page app (`dist/`); served when it exists. */
  staticDir: string;
  rateLimit: RateLimitConfig;
  build: { number: number; time: string };
  /** The feedback scheduler and model releases; DEFAULT_FEEDBACK_CONFIG when absent. */
  feedback?: FeedbackConfig;
  /** Disk when absent. */
  mediaStore?: MediaStoreConfig;
  /** Detection-post delivery; DEFAULT_CALLBACK_CONFIG when absent. */
  callbacks?: CallbackConfig;
  /**
   * Parse every response by its schema (the service's tests do); otherwise responses are only projected onto their
   * schema, which is much faster for long lists.
   */
  validateResponses?: boolean;
  /**
   * Whether this process runs the background jobs (media processing, releases, scheduling, callback delivery) or,
   * with `BACKGROUND_JOBS=0`, only queues them for the workers (`npm run worker`); true when absent.
   */
  backgroundJobs?: boolean;
  /** A background job running longer than this is taken to have lost its worker and is retried; 300 when absent. */
  jobTimeoutSeconds?: number;
}

export const DEFAULT_JOB_TIMEOUT_SECONDS = 300;

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** A listening host on loopback, by the URL rule's one definition; `::1` may come with or without brackets. */
export function isLoopbackAddress(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return isLoopbackHost(bare.includes(':') ? `[${bare}]` : bare);
}

function parseInteger(name: string, raw: string, min: number, max: number): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
  }
  return value;
}

function parseBoolean(name: string, raw: string): boolean {
  const normalized = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(normalized)) return true;
  if (['0', 'false', 'no', 'off', ''].includes(normalized)) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}".`);
}

function parseTrustProxy(raw: string): boolean | string {
  const normalized = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(normalized)) return true;
  if (['0', 'false', 'no', 'off', ''].includes(normalized)) return false;
  return raw.trim();
}

/** An absolute http: or https: URL, without a trailing slash. */
function parseBaseUrl(name: string, raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${raw}".`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`${name} must be an http: or https: URL, got "${raw}".`);
  }
  return url;
}

const withoutTrailingSlash = (url: URL) => url.href.replace(/\/+$/, '');

/** Each S3 setting by the variable that gives it; `MEDIA_STORE=s3` needs them all. */
const S3_VARIABLES = {
  endpoint: 'S3_ENDPOINT',
  bucket: 'S3_BUCKET',
  region: 'S3_REGION',
  accessKeyId: 'S3_ACCESS_KEY_ID',
  secretAccessKey: 'S3_SECRET_ACCESS_KEY',
} as const satisfies Record<keyof S3Settings, string>;

function parseMediaStore(env: NodeJS.ProcessEnv): MediaStoreConfig {
  const kind = (env.MEDIA_STORE ?? '').trim().toLowerCase() || 'disk';
  if (kind === 'disk') return { kind: 'disk' };
  if (kind !== 's3') throw new ConfigError(`MEDIA_STORE must be disk or s3, got "${env.MEDIA_STORE}".`);

  const missing = Object.values(S3_VARIABLES).filter((name) => !env[name]?.trim());
  if (missing.length > 0) throw new ConfigError(`MEDIA_STORE=s3 needs ${missing.join(', ')}.`);
  const value = (name: string) => env[name]!.trim();
  const endpoint = parseBaseUrl('S3_ENDPOINT', value(S3_VARIABLES.endpoint));
  if (endpoint.protocol === 'http:' && !isLoopbackAddress(endpoint.hostname)) {
    throw new ConfigError(
      `Refusing plain HTTP to the S3 server ${endpoint.host}: the media would cross the network in the clear. ` +
        'Give an https: S3_ENDPOINT (plain http: only on loopback).',
    );
  }
  return {
    kind: 's3',
    s3: {
      endpoint: withoutTrailingSlash(endpoint),
      bucket: value(S3_VARIABLES.bucket),
      region: value(S3_VARIABLES.region),
      accessKeyId: value(S3_VARIABLES.accessKeyId),
      secretAccessKey: value(S3_VARIABLES.secretAccessKey),
    },
  };
}

/** A comma-separated list of host names or addresses, each spelled as `URL.hostname` gives it. */
function parseHostList(name: string, raw: string): string[] {
  const entries = raw.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '');
  return [
    ...new Set(
      entries.map((entry) => {
        const host = normalizeHost(entry);
        if (host === null) throw new ConfigError(`${name} must list host names or addresses (no ports or paths), got "${entry}".`);
        return host;
      }),
    ),
  ];
}

function readFlags(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      strict: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'data-dir': { type: 'string' },
        'tls-cert': { type: 'string' },
        'tls-key': { type: 'string' },
        'no-demo': { type: 'boolean' },
      },
    }).values;
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
}

/** Reads the service configuration from command-line flags and environment variables; flags win. */
export function loadConfig(argv: string[], env: NodeJS.ProcessEnv): ServiceConfig {
  const flags = readFlags(argv);
  const pick = (flag: string | undefined, name: string) => flag ?? env[name];

  const certPath = pick(flags['tls-cert'], 'TLS_CERT') || null;
  const keyPath = pick(flags['tls-key'], 'TLS_KEY') || null;
  if ((certPath === null) !== (keyPath === null)) {
    throw new ConfigError('TLS needs both a certificate (--tls-cert / TLS_CERT) and a key (--tls-key / TLS_KEY).');
  }
  const host = pick(flags.host, 'HOST') || '127.0.0.1';
  const tls = certPath && keyPath ? { certPath: path.resolve(certPath), keyPath: path.resolve(keyPath) } : null;
  if (!tls && !isLoopbackAddress(host)) {
    throw new ConfigError(
      `Refusing to listen on ${host} over plain HTTP: credentials would cross the network in the clear. ` +
        'Give a certificate and key (--tls-cert and --tls-key), or listen on 127.0.0.1.',
    );
  }
  const databaseUrl = env.DATABASE_URL || null;
  const backgroundJobs = parseBoolean('BACKGROUND_JOBS', env.BACKGROUND_JOBS ?? '1');
  if (!backgroundJobs && !databaseUrl) {
    throw new ConfigError('BACKGROUND_JOBS=0 needs DATABASE_URL: only workers on the same PostgreSQL server could run the jobs.');
  }
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}".`);
  }

  return {
    port: parseInteger('PORT', pick(flags.port, 'PORT') || '8080', 0, 65535),
    host,
    dataDir: path.resolve(pick(flags['data-dir'], 'DATA_DIR') || '.data'),
    databaseUrl,
    tls,
    trustProxy: parseTrustProxy(env.TRUST_PROXY ?? ''),
    tokenTtlSeconds: parseInteger('TOKEN_TTL_SECONDS', env.TOKEN_TTL_SECONDS || '86400', 60, 31_536_000),
    allowSpecialTypes: parseBoolean('ALLOW_SPECIAL_TYPES', env.ALLOW_SPECIAL_TYPES ?? ''),
    publicUrl: env.PUBLIC_URL ? withoutTrailingSlash(parseBaseUrl('PUBLIC_URL', env.PUBLIC_URL)) : null,
    demo: !flags['no-demo'] && parseBoolean('DEMO', env.DEMO ?? '1'),
    demoWaiting: parseInteger('DEMO_WAITING', env.DEMO_WAITING || '60', 1, 100_000),
    logLevel,
    staticDir: path.resolve(import.meta.dirname, '../dist'),
    rateLimit: {
      windowSeconds: parseInteger('SIGNIN_WINDOW_SECONDS', env.SIGNIN_WINDOW_SECONDS || '900', 1, 86_400),
      maxFailuresPerEmail: parseInteger('SIGNIN_MAX_FAILURES_PER_EMAIL', env.SIGNIN_MAX_FAILURES_PER_EMAIL || '10', 1, 1_000_000),
      maxFailuresPerAddress: parseInteger('SIGNIN_MAX_FAILURES_PER_ADDRESS', env.SIGNIN_MAX_FAILURES_PER_ADDRESS || '30', 1, 1_000_000),
      registrationWindowSeconds: parseInteger('REGISTER_WINDOW_SECONDS', env.REGISTER_WINDOW_SECONDS || '3600', 1, 86_400),
      maxRegistrationsPerAddress: parseInteger('REGISTER_MAX_PER_ADDRESS', env.REGISTER_MAX_PER_ADDRESS || '20', 1, 1_000_000),
    },
    build: {
      number: parseInteger('BUILD_NUMBER', env.BUILD_NUMBER || '0', 0, Number.MAX_SAFE_INTEGER),
      time: env.BUILD_TIME || new Date().toISOString(),
    },
    feedback: {
      scheduleIntervalSeconds: parseInteger('FEEDBACK_SCHEDULE_SECONDS', env.FEEDBACK_SCHEDULE_SECONDS || '60', 0, 86_400),
      releaseEveryAnswers: parseInteger('RELEASE_EVERY_ANSWERS', env.RELEASE_EVERY_ANSWERS || '25', 0, 1_000_000),
      leaseSeconds: parseInteger('FEEDBACK_LEASE_SECONDS', env.FEEDBACK_LEASE_SECONDS || '1200', 1, 604_800),
    },
    mediaStore: parseMediaStore(env),
    callbacks: {
      retryWindowSeconds: parseInteger('CALLBACK_RETRY_SECONDS', env.CALLBACK_RETRY_SECONDS || '30', 0, 86_400),
      blacklistSeconds: parseInteger('CALLBACK_BLACKLIST_SECONDS', env.CALLBACK_BLACKLIST_SECONDS || '300', 0, 86_400),
      firstRetrySeconds: DEFAULT_CALLBACK_CONFIG.firstRetrySeconds,
      pollMilliseconds: DEFAULT_CALLBACK_CONFIG.pollMilliseconds,
      timeoutMilliseconds: DEFAULT_CALLBACK_CONFIG.timeoutMilliseconds,
      allowedHosts: parseHostList('CALLBACK_ALLOWED_HOSTS', env.CALLBACK_ALLOWED_HOSTS ?? ''),
    },
    backgroundJobs,
    jobTimeoutSeconds: parseInteger('JOB_TIMEOUT_SECONDS', env.JOB_TIMEOUT_SECONDS || String(DEFAULT_JOB_TIMEOUT_SECONDS), 5, 86_400),
  };
}
