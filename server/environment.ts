// The service's environment variables (README's configuration table) as one schema: each variable's default, range
// and meaning of an empty value. config.ts builds the service configuration from what it parses.
import path from 'node:path';
import { z } from 'zod';
import { normalizeHost } from './net/address-rule';
import { parseCidr } from './net/camera-address-rule';

export const DEFAULT_JOB_TIMEOUT_SECONDS = 300;
/** A label export's file may be this large unless `EXPORT_MAX_BYTES` says otherwise: 2 GiB. */
export const DEFAULT_EXPORT_MAX_BYTES = 2 * 1024 ** 3;

const TRUE_WORDS = ['1', 'true', 'yes', 'on'];
const FALSE_WORDS = ['0', 'false', 'no', 'off', ''];

/** An unset (or, with `||`, empty) variable reads as `fallback`. */
const text = (fallback: string) => z.string().optional().transform((raw) => raw || fallback);
/** An unset or blank variable is undefined; any other is parsed by `schema`. */
const optional = <T>(schema: z.ZodType<T, string>) => z.string().optional().transform((raw) => raw?.trim() || undefined).pipe(schema.optional());

const wholeNumber = (fallback: number, min: number, max: number) => {
  const error = `must be a whole number from ${min} to ${max}`;
  return text(String(fallback)).pipe(z.string().trim().regex(/^\d+$/, { error }).transform(Number).pipe(z.number().int({ error }).min(min, { error }).max(max, { error })));
};

/** Like `??`: an empty variable is false, an unset one `fallback`. */
const trueOrFalse = (fallback: '0' | '1') =>
  z.string().default(fallback).transform((raw) => raw.trim().toLowerCase()).pipe(z.enum([...TRUE_WORDS, ...FALSE_WORDS], { error: 'must be true or false' })).transform((word) => TRUE_WORDS.includes(word));

/** An absolute http: or https: URL, without a trailing slash. */
const baseUrl = z
  .string()
  .refine((raw) => URL.canParse(raw), { error: 'must be an absolute URL', abort: true })
  .refine((raw) => /^https?:$/.test(new URL(raw).protocol), { error: 'must be an http: or https: URL' })
  .transform((raw) => new URL(raw).href.replace(/\/+$/, ''));

/** A comma-separated list of host names or addresses, each spelled as `URL.hostname` gives it. */
const hostList = z
  .string()
  .default('')
  .transform((raw) => raw.split(',').map((entry) => entry.trim()).filter((entry) => entry !== '').map(normalizeHost))
  .refine((hosts) => !hosts.includes(null), { error: 'must list host names or addresses (no ports or paths)' })
  .transform((hosts) => [...new Set(hosts as string[])]);

/** A comma-separated list of CIDRs (`192.168.10.0/24, fd00:1::/64`). */
const cidrList = z
  .string()
  .default('')
  .transform((raw) => raw.split(',').map((entry) => entry.trim()).filter((entry) => entry !== ''))
  .refine((cidrs) => cidrs.every((cidr) => parseCidr(cidr) !== null), { error: 'must list networks as address/prefix, e.g. 192.168.10.0/24' });

/** `MEDIA_STORE=s3` needs them all. */
export const S3_VARIABLES = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

const filePath = z.string().optional().transform((raw) => (raw ? path.resolve(raw) : null));

/** Every variable of README's configuration table, by name; flags are merged in before parsing. */
export const environmentSchema = z.object({
  PORT: wholeNumber(8080, 0, 65535),
  HOST: text('127.0.0.1'),
  DATA_DIR: text('.data'),
  DATABASE_URL: z.string().optional().transform((raw) => raw || null),
  BACKGROUND_JOBS: trueOrFalse('1'),
  MEDIA_STORE: text('disk').transform((raw) => raw.trim().toLowerCase()).pipe(z.enum(['disk', 's3'], { error: 'must be disk or s3' })),
  S3_ENDPOINT: optional(baseUrl),
  S3_BUCKET: optional(z.string()),
  S3_REGION: optional(z.string()),
  S3_ACCESS_KEY_ID: optional(z.string()),
  S3_SECRET_ACCESS_KEY: optional(z.string()),
  TLS_CERT: filePath,
  TLS_KEY: filePath,
  PUBLIC_URL: optional(baseUrl),
  TOKEN_TTL_SECONDS: wholeNumber(86_400, 60, 31_536_000),
  DEMO: trueOrFalse('1'),
  DEMO_WAITING: wholeNumber(60, 1, 100_000),
  DEMO_PHOTOS: text('all').transform((raw) => raw.trim().toLowerCase()).pipe(z.enum(['all', 'first'], { error: 'must be all or first' })),
  LOG_LEVEL: text('info').pipe(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be one of fatal, error, warn, info, debug, trace, silent' })),
  TRUST_PROXY: z.string().default('').transform((raw) => TRUE_WORDS.includes(raw.trim().toLowerCase()) || (!FALSE_WORDS.includes(raw.trim().toLowerCase()) && raw.trim())),
  ALLOW_SPECIAL_TYPES: trueOrFalse('0'),
  REGISTRATION: text('open').transform((raw) => raw.trim().toLowerCase()).pipe(z.enum(['open', 'invite', 'closed'], { error: 'must be open, invite or closed' })),
  RELEASE_EVERY_ANSWERS: wholeNumber(25, 0, 1_000_000),
  FEEDBACK_SCHEDULE_SECONDS: wholeNumber(60, 0, 86_400),
  FEEDBACK_LEASE_SECONDS: wholeNumber(1200, 1, 604_800),
  CALLBACK_RETRY_SECONDS: wholeNumber(30, 0, 86_400),
  CALLBACK_BLACKLIST_SECONDS: wholeNumber(300, 0, 86_400),
  CALLBACK_ALLOWED_HOSTS: hostList,
  CAMERA_ALLOWED_NETWORKS: cidrList,
  MODEL_BACKEND_ALLOWED_NETWORKS: cidrList,
  SIGNIN_WINDOW_SECONDS: wholeNumber(900, 1, 86_400),
  SIGNIN_MAX_FAILURES_PER_EMAIL: wholeNumber(10, 1, 1_000_000),
  SIGNIN_MAX_FAILURES_PER_ADDRESS: wholeNumber(30, 1, 1_000_000),
  REGISTER_WINDOW_SECONDS: wholeNumber(3600, 1, 86_400),
  REGISTER_MAX_PER_ADDRESS: wholeNumber(20, 1, 1_000_000),
  BUILD_NUMBER: wholeNumber(0, 0, Number.MAX_SAFE_INTEGER),
  BUILD_TIME: z.string().optional().transform((raw) => raw || new Date().toISOString()),
  JOB_TIMEOUT_SECONDS: wholeNumber(DEFAULT_JOB_TIMEOUT_SECONDS, 5, 86_400),
  EXPORT_MAX_BYTES: wholeNumber(DEFAULT_EXPORT_MAX_BYTES, 1024, Number.MAX_SAFE_INTEGER),
});

export type Environment = z.output<typeof environmentSchema>;
