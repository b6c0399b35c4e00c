import type { SequenceType } from '../../src/api/types';
import type { z } from '../../src/api/zod';
import type { ModelProposal } from '../vision/models/proposal';

/** A still image of a subject, as a sequence module sees it. */
export interface SequenceFrame {
  width: number;
  height: number;
  readBytes(): Promise<Buffer>;
}

/**
 * One application type whose model compares a media item with the media before it on the same input subject (by
 * media_timestamp): the rule of its settings (its `custom_fields`, a schema of the contract), how many earlier frames
 * it wants, and its proposals for the output subjects, which the pipeline records as model assertions. No feedback,
 * no release.
 */
export interface SequenceModule {
  readonly type: SequenceType;
  readonly settings: z.ZodType;
  readonly earlierFrames: number;
  /** `earlier` holds the frames before `frame` of the same size, oldest first (none for a subject's first frame). */
  readonly propose: (
    frame: SequenceFrame,
    earlier: readonly SequenceFrame[],
    outputSubjects: readonly string[],
    customFields: Record<string, unknown>,
  ) => Promise<ModelProposal[]>;
}
