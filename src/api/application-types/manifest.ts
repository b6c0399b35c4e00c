import type { z } from '../zod';
import type { AnswerRule } from './rule';

/**
 * What the service does with an application of a type: the kinds of src/api/types.ts (APPLICATION_TYPE_KINDS).
 *
 * - `labellable`: people give feedback on it, and the service has a baseline model for it.
 * - `frame_comparison`: its model looks at a media item together with the media before it on the same subject (a
 *   camera's earlier frames) and asserts what it finds for its output subjects; no feedback, no model to release.
 * - `pipeline`: a step of the pipeline that makes new media for its output subjects from the media of its input
 *   subjects; no feedback.
 * - `sequence`: runs over the frames of a video in order, reads what the application upstream asserted on the frames
 *   so far and asserts its own result on the newest (tracks, line counts); no feedback.
 * - `capture`: brings images in from outside (a network camera's frames, a feed's images) on a schedule of its own, as
 *   media of its output subjects; takes no media in and no feedback.
 */
export type ApplicationKind = 'labellable' | 'frame_comparison' | 'pipeline' | 'sequence' | 'capture';

interface ManifestOfKind<K extends ApplicationKind> {
  readonly kind: K;
  /** Offered only by special arrangement (the interface's second table): refused unless the service allows it. */
  readonly special?: true;
}

/** A type people label: its answer rule (what an answer holds, how answers agree, the measures of its models). */
interface LabellableManifest extends ManifestOfKind<'labellable'> {
  readonly rule: AnswerRule;
  /** The rule of its own settings in an application's custom_fields, checked when an application is made or changed. */
  readonly settings?: z.ZodMiniType;
}

/** A type the service runs without feedback: the rule of its settings (custom_fields), checked on create and update. */
interface RunManifest extends ManifestOfKind<Exclude<ApplicationKind, 'labellable'>> {
  readonly settings: z.ZodMiniType;
}

/**
 * Everything the contract knows of one application type, in `./<type>.ts`; `./registry.ts` lists them, and every list
 * of types on either side (src/api/types.ts, the app's and the service's registries) derives from that one.
 */
export type TypeManifest = LabellableManifest | RunManifest;
