import { URL_MAX } from '../limits';
import { z } from '../zod';

/** Seconds between two frames of a network camera (`interval_seconds`), and its default. */
export const CAMERA_INTERVAL_SECONDS = { min: 1, max: 86_400, default: 10 } as const;
/** A camera's user name and password, in characters. */
const CAMERA_CREDENTIAL_MAX = 200;

const CAMERA_PROTOCOLS = ['http:', 'https:', 'rtsp:'];
const URL_MESSAGE = 'Give an absolute http:, https: or rtsp: URL of the camera.';
const CREDENTIALS_IN_URL_MESSAGE = 'Give the user name and password in their own fields, not in the URL.';
const INTERVAL_MESSAGE = `Use a whole number of seconds from ${CAMERA_INTERVAL_SECONDS.min} to ${CAMERA_INTERVAL_SECONDS.max.toLocaleString('en')}.`;
const CREDENTIAL_MESSAGE = `Use at most ${CAMERA_CREDENTIAL_MAX} characters.`;

const isCameraUrl = (value: string) => URL.canParse(value) && CAMERA_PROTOCOLS.includes(new URL(value).protocol);
const hasNoCredentials = (value: string) => !URL.canParse(value) || (new URL(value).username === '' && new URL(value).password === '');

/**
 * The `custom_fields` of a network_camera application (docs/api.md, "The network_camera application type"):
 * `camera_url` (a JPEG snapshot or an MJPEG stream over http(s), or an rtsp: stream), `interval_seconds` between
 * frames, and optional `username` and `password` (Basic or Digest). The service keeps the password sealed and answers
 * `password_set` instead; `password` null or "" removes it. Other keys of custom_fields are left alone.
 */
export const networkCameraSettings = z.object({
  camera_url: z
    .string('A camera needs its address (camera_url): the URL of a JPEG snapshot, an MJPEG stream or an rtsp: stream.')
    .check(
      z.trim(),
      z.maxLength(URL_MAX, `Use at most ${URL_MAX} characters.`),
      z.refine(isCameraUrl, URL_MESSAGE),
      z.refine(hasNoCredentials, CREDENTIALS_IN_URL_MESSAGE),
    ),
  interval_seconds: z._default(
    z
      .number(INTERVAL_MESSAGE)
      .check(z.int(INTERVAL_MESSAGE), z.gte(CAMERA_INTERVAL_SECONDS.min, INTERVAL_MESSAGE), z.lte(CAMERA_INTERVAL_SECONDS.max, INTERVAL_MESSAGE)),
    CAMERA_INTERVAL_SECONDS.default,
  ),
  username: z.optional(z.string(CREDENTIAL_MESSAGE).check(z.maxLength(CAMERA_CREDENTIAL_MAX, CREDENTIAL_MESSAGE))),
  password: z.optional(z.nullable(z.string(CREDENTIAL_MESSAGE).check(z.maxLength(CAMERA_CREDENTIAL_MAX, CREDENTIAL_MESSAGE)))),
  /** Read only: whether the service holds a password for the camera. */
  password_set: z.optional(z.boolean()),
});
