import { z } from '../zod';

/**
 * What a capture application (a network camera, a feed) has done lately: `GET /1/applications/{id}/capture`
 * (extension). Times are Unix seconds; `last_error` is a sentence for people, null once a capture succeeds again.
 */
export const captureStatusSchema = z.object({
  /** `capturing`: runs on its schedule; `backing_off`: failed lately and waits longer; `stopped`: inactive. */
  state: z.enum(['capturing', 'backing_off', 'stopped']),
  /** Images stored since the application was made. */
  captured: z.number().check(z.int()),
  /** Captures (frames, polls) tried, and how many of the latest ones failed in a row. */
  attempts: z.number().check(z.int()),
  failures: z.number().check(z.int()),
  last_attempt_at: z.nullable(z.number()),
  last_capture_at: z.nullable(z.number()),
  /** How long the latest capture that stored images took, in milliseconds: from its start to its last image stored. */
  last_capture_ms: z.nullable(z.number()),
  /** The latest stored image, with a signed thumbnail URL. */
  last_media: z.nullable(z.object({ media_id: z.string(), thumbnail_url: z.string() })),
  last_error: z.nullable(z.string()),
  last_error_at: z.nullable(z.number()),
  /** When the next capture is due; null while stopped. */
  next_attempt_at: z.nullable(z.number()),
});
export type CaptureStatus = z.infer<typeof captureStatusSchema>;
