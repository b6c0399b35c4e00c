import type { FrameComparisonType } from '../../src/api/types';
import type { ModelProposal } from '../vision/models/proposal';

/** A still image of a subject, as a frame comparison module sees it. */
export interface ComparedFrame {
  width: number;
  height: number;
  readBytes(): Promise<Buffer>;
}

/**
 * One application type whose model compares a media item with the media before it on the same input subject (by
 * media_timestamp; the rule of its settings is its manifest's): how many earlier frames it wants, and its proposals for
 * the output subjects, which the pipeline records as model assertions. No feedback, no release.
 */
export interface FrameComparisonModule {
  readonly type: FrameComparisonType;
  readonly earlierFrames: number;
  /** `earlier` holds the frames before `frame` of the same size, oldest first (none for a subject's first frame). */
  readonly propose: (
    frame: ComparedFrame,
    earlier: readonly ComparedFrame[],
    outputSubjects: readonly string[],
    customFields: Record<string, unknown>,
  ) => Promise<ModelProposal[]>;
}
