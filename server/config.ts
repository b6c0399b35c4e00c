import path from 'node:path';
import { parseArgs } from 'node:util';
import { isLoopbackHost } from '../src/api/url-rule';
import { type Environment, environmentSchema, S3_VARIABLES } from './environment';
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
type MediaStoreConfig = { kind: 'disk' } | { kind: 's3'; s3: S3Settings };

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
  /** Who may register (`POST /1/users`): anyone, only an email with a pending invite, or nobody. */
  registration: Environment['REGISTRATION'];
  /** Absolute base of generated URLs (no trailing slash); null derives it from each request's host. */
  publicUrl: string | null;
  demo: boolean;
  /** With the demo: how many feedback requests each demo application keeps waiting; 60 when absent. */
  demoWaiting?: number;
  /** With the demo: the whole photo library, or only the few photographs every photo application asks about (a quick demo). */
  demoPhotos?: Environment['DEMO_PHOTOS'];
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
  /** A label export's file may not grow beyond this many bytes (DEFAULT_EXPORT_MAX_BYTES when absent). */
  exportMaxBytes?: number;
  /** CIDRs of the private networks where network cameras may be (CAMERA_ALLOWED_NETWORKS); none when absent. */
  cameraAllowedNetworks?: string[];
  /** CIDRs of the private networks where model servers may be (MODEL_BACKEND_ALLOWED_NETWORKS); none when absent. */
  modelServerAllowedNetworks?: string[];
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** A listening host on loopback, by the URL rule's one definition; `::1` may come with or without brackets. */
export function isLoopbackAddress(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return isLoopbackHost(bare.includes(':') ? `[${bare}]` : bare);
}

/** The variables parsed, or a ConfigError naming the first bad one and what it was given. */
function parseEnvironment(input: Record<string, string | undefined>): Environment {
  const result = environmentSchema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = String(issue.path[0]);
  throw new ConfigError(`${name} ${issue.message}, got "${input[name]}".`);
}

function mediaStoreOf(env: Environment): MediaStoreConfig {
  if (env.MEDIA_STORE === 'disk') return { kind: 'disk' };
  const missing = S3_VARIABLES.filter((name) => !env[name]);
  if (missing.length > 0) throw new ConfigError(`MEDIA_STORE=s3 needs ${missing.join(', ')}.`);
  const endpoint = new URL(env.S3_ENDPOINT!);
  if (endpoint.protocol === 'http:' && !isLoopbackAddress(endpoint.hostname)) {
    throw new ConfigError(
      `Refusing plain HTTP to the S3 server ${endpoint.host}: the media would cross the network in the clear. ` +
        'Give an https: S3_ENDPOINT (plain http: only on loopback).',
    );
  }
  const { S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env as Required<Environment>;
  return {
    kind: 's3',
    s3: { endpoint: S3_ENDPOINT, bucket: S3_BUCKET, region: S3_REGION, accessKeyId: S3_ACCESS_KEY_ID, secretAccessKey: S3_SECRET_ACCESS_KEY },
  };
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
export function loadConfig(argv: string[], environment: NodeJS.ProcessEnv): ServiceConfig {
  const flags = readFlags(argv);
  const input = {
    ...environment,
    PORT: flags.port ?? environment.PORT,
    HOST: flags.host ?? environment.HOST,
    DATA_DIR: flags['data-dir'] ?? environment.DATA_DIR,
    TLS_CERT: flags['tls-cert'] ?? environment.TLS_CERT,
    TLS_KEY: flags['tls-key'] ?? environment.TLS_KEY,
  };
  const env = parseEnvironment(input);

  if ((env.TLS_CERT === null) !== (env.TLS_KEY === null)) {
    throw new ConfigError('TLS needs both a certificate (--tls-cert / TLS_CERT) and a key (--tls-key / TLS_KEY).');
  }
  const tls = env.TLS_CERT && env.TLS_KEY ? { certPath: env.TLS_CERT, keyPath: env.TLS_KEY } : null;
  if (!tls && !isLoopbackAddress(env.HOST)) {
    throw new ConfigError(
      `Refusing to listen on ${env.HOST} over plain HTTP: credentials would cross the network in the clear. ` +
        'Give a certificate and key (--tls-cert and --tls-key), or listen on 127.0.0.1.',
    );
  }
  if (!env.BACKGROUND_JOBS && !env.DATABASE_URL) {
    throw new ConfigError('BACKGROUND_JOBS=0 needs DATABASE_URL: only workers on the same PostgreSQL server could run the jobs.');
  }

  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    tls,
    trustProxy: env.TRUST_PROXY,
    tokenTtlSeconds: env.TOKEN_TTL_SECONDS,
    allowSpecialTypes: env.ALLOW_SPECIAL_TYPES,
    registration: env.REGISTRATION,
    publicUrl: env.PUBLIC_URL ?? null,
    demo: !flags['no-demo'] && env.DEMO,
    demoWaiting: env.DEMO_WAITING,
    demoPhotos: env.DEMO_PHOTOS,
    logLevel: env.LOG_LEVEL,
    staticDir: path.resolve(import.meta.dirname, '../dist'),
    rateLimit: {
      windowSeconds: env.SIGNIN_WINDOW_SECONDS,
      maxFailuresPerEmail: env.SIGNIN_MAX_FAILURES_PER_EMAIL,
      maxFailuresPerAddress: env.SIGNIN_MAX_FAILURES_PER_ADDRESS,
      registrationWindowSeconds: env.REGISTER_WINDOW_SECONDS,
      maxRegistrationsPerAddress: env.REGISTER_MAX_PER_ADDRESS,
    },
    build: { number: env.BUILD_NUMBER, time: env.BUILD_TIME },
    feedback: {
      scheduleIntervalSeconds: env.FEEDBACK_SCHEDULE_SECONDS,
      releaseEveryAnswers: env.RELEASE_EVERY_ANSWERS,
      leaseSeconds: env.FEEDBACK_LEASE_SECONDS,
    },
    mediaStore: mediaStoreOf(env),
    callbacks: { ...DEFAULT_CALLBACK_CONFIG, retryWindowSeconds: env.CALLBACK_RETRY_SECONDS, blacklistSeconds: env.CALLBACK_BLACKLIST_SECONDS, allowedHosts: env.CALLBACK_ALLOWED_HOSTS },
    backgroundJobs: env.BACKGROUND_JOBS,
    jobTimeoutSeconds: env.JOB_TIMEOUT_SECONDS,
    exportMaxBytes: env.EXPORT_MAX_BYTES,
    cameraAllowedNetworks: env.CAMERA_ALLOWED_NETWORKS,
    modelServerAllowedNetworks: env.MODEL_BACKEND_ALLOWED_NETWORKS,
  };
}
