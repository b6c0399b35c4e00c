import { z } from '../zod';
import { URL_MAX } from '../limits';

/** Where an application's model proposals come from: its built-in model, its model server, or both. */
export const MODEL_SOURCES = ['built_in', 'server', 'both'] as const;
export type ModelSource = (typeof MODEL_SOURCES)[number];

/**
 * What the last call to the server found: `unknown` before the first, `connected`, `error` (it answered wrongly),
 * `timed_out`, `unreachable`, or `circuit_open` (it failed too often lately, and is left alone a while).
 */
const MODEL_SERVER_STATES = ['unknown', 'connected', 'error', 'timed_out', 'unreachable', 'circuit_open'] as const;
export type ModelServerState = (typeof MODEL_SERVER_STATES)[number];

export const MODEL_SERVER_TIMEOUT = { min: 1, max: 120, default: 30 } as const;
/** At most this many characters of an auth header, and of the extra params as JSON. */
const AUTH_HEADER_MAX = 4000;
const EXTRA_PARAMS_MAX = 10_000;

const isServerUrl = (value: string) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol) && new URL(value).username === '';

/**
 * `PUT /1/applications/{id}/model_backend`: a server speaking Label Studio's ML backend protocol. `auth_header` is
 * the whole `Authorization` value the server expects (`Bearer …`, `Basic …`); it is sealed and never shown again
 * (absent: the one held is kept while the URL's origin stays; null or "": removed).
 */
export const modelServerSettingsSchema = z.strictObject({
  url: z
    .string('Give the model server\'s URL (url), e.g. "http://gpu-box:9090".')
    .check(
      z.trim(),
      z.maxLength(URL_MAX, `Use at most ${URL_MAX} characters.`),
      z.refine(isServerUrl, 'Give an absolute http: or https: URL without a user name or password (put credentials in auth_header).'),
    ),
  auth_header: z.optional(z.nullable(z.string().check(z.maxLength(AUTH_HEADER_MAX, `Use at most ${AUTH_HEADER_MAX} characters.`), z.refine((text) => !/[\r\n\0]/.test(text), 'An auth header is one line.')))),
  timeout_seconds: z._default(
    z.number().check(z.int('timeout_seconds is a whole number of seconds.'), z.gte(MODEL_SERVER_TIMEOUT.min, 'timeout_seconds is 1 to 120.'), z.lte(MODEL_SERVER_TIMEOUT.max, 'timeout_seconds is 1 to 120.')),
    MODEL_SERVER_TIMEOUT.default,
  ),
  interactive: z._default(z.boolean(), false),
  extra_params: z._default(
    z.record(z.string(), z.unknown()).check(z.refine((value) => JSON.stringify(value).length <= EXTRA_PARAMS_MAX, `extra_params takes at most ${EXTRA_PARAMS_MAX} characters of JSON.`)),
    {},
  ),
  model_source: z._default(z.enum(MODEL_SOURCES), 'server'),
});
export type ModelServerSettingsInput = z.input<typeof modelServerSettingsSchema>;
export type ModelServerSettings = z.output<typeof modelServerSettingsSchema>;

/** `GET /1/applications/{id}/model_backend`: the settings without the secret, and what the last call found. */
export const modelServerSchema = z.object({
  application_id: z.string(),
  url: z.string(),
  auth_set: z.boolean(),
  timeout_seconds: z.number(),
  interactive: z.boolean(),
  extra_params: z.record(z.string(), z.unknown()),
  model_source: z.enum(MODEL_SOURCES),
  state: z.enum(MODEL_SERVER_STATES),
  last_error: z.nullable(z.string()),
  last_checked_at: z.nullable(z.number()),
  model_version: z.nullable(z.string()),
  /** What the last predictions broke of the type's answer rule, and were dropped for; null when nothing was. */
  dropped_note: z.nullable(z.string()),
});
export type ModelServer = z.infer<typeof modelServerSchema>;

/** `GET /1/applications/{id}/model_backend/versions`: every model_version the server reported, newest first. */
export const modelServerVersionsSchema = z.object({
  versions: z.array(z.object({ model_version: z.string(), first_seen_at: z.number() })),
});
export type ModelServerVersions = z.infer<typeof modelServerVersionsSchema>;

/**
 * `POST /1/applications/{id}/model_backend/interactive` (any member): the box the application's interactive model
 * server answers around a click (`point`) or a rough box (`box`) in media pixels; null when it has none there, or the
 * application has no interactive server.
 */
export const interactiveBoxSchema = z.object({
  box: z.nullable(z.object({ x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() })),
  probability: z.nullable(z.number()),
});
