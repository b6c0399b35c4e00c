import type { CaptureType } from '../../src/api/types';
import type { z } from '../../src/api/zod';
import type { MediaDetails } from '../db/schema';
import type { CallbackAddressRules } from '../net/address-rule';
import type { CameraAddressRules } from '../net/camera-address-rule';

/** An image a capture module brought in, and what its media item says of where it came from. */
export interface CapturedImage {
  bytes: Buffer;
  /** Its media_timestamp: when a camera's frame was taken, when a feed's post was published. */
  timestamp: number;
  /** What names the image among those of the application (a feed's entry and image), so it is stored once; none for a camera's frames. */
  itemKey?: string;
  details: MediaDetails;
}

/** The address rules captures follow: cameras the camera rule, feeds the callbacks' rule. */
interface CaptureAddresses {
  camera: CameraAddressRules;
  callbacks: CallbackAddressRules;
}

/** What one capture (a frame, a poll) is given. */
export interface CaptureRun {
  applicationId: string;
  customFields: Record<string, unknown>;
  /** The unsealed secret of the settings (a camera's password), if any. */
  secret: string | null;
  addresses: CaptureAddresses;
  userAgent: string;
  /** Whether an image of this key was stored already. */
  isCaptured(itemKey: string): Promise<boolean>;
  /** Ends the capture: its deadline, or the service closing. */
  signal: AbortSignal;
}

/** A setting kept sealed in the database, never in custom_fields, which say only that one is set. */
interface SettingsSecret {
  /** The key in custom_fields that brings it: a string sets it, null or "" removes it. */
  key: string;
  /** The key custom_fields answer instead: true while one is kept. */
  setFlag: string;
  /** Where it may be sent (a camera URL's origin): a change of it without a new secret removes the old one. */
  scopeOf(customFields: Record<string, unknown>): string | null;
}

/**
 * One application type that brings images in from outside on a schedule of its own (src/api/types.ts, kind `capture`):
 * the rule of its settings, how often it captures, and the capture itself, which yields the images one at a time (the
 * caller stores each as it comes). A failure throws, with a sentence for people; the caller backs off.
 */
export interface CaptureModule {
  readonly type: CaptureType;
  readonly settings: z.ZodMiniType;
  readonly secret?: SettingsSecret;
  /** Seconds between captures that go well. */
  readonly intervalSeconds: (customFields: Record<string, unknown>) => number;
  /** How long one capture may take in all, at most: run-capture.ts holds it under its interval too. */
  readonly deadlineSeconds: number;
  readonly capture: (run: CaptureRun) => AsyncIterable<CapturedImage>;
  /**
   * Why the address its settings name may not be reached (the custom_fields key, and the rule's words), judged as every capture judges it by
   * the host as written (a name is judged again on each address it resolves to, when a capture connects): saving such
   * settings is refused at once rather than failing at every capture. For settings that pass `settings`.
   */
  readonly addressRefusals: (customFields: Record<string, unknown>, addresses: CaptureAddresses) => { key: string; message: string }[];
}
