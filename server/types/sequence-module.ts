import type { AppData } from '../../src/api/application-types/answer';
import type { AppDataType, SequenceType } from '../../src/api/types';
import type { z } from '../../src/api/zod';

/** One frame of a video, with what the application upstream asserted on it for the application's input subjects. */
export interface SequenceFrame {
  frame: number;
  upstream: readonly { subject_uid: string; app_data: AppData | null }[];
}

/** A sequence application's result on one frame: its app_data, and 1 when it found something there (else 0). */
interface SequenceResult {
  app_data_type: AppDataType;
  app_data: AppData;
  probability: 0 | 1;
}

/**
 * One sequence application type as the service runs it (the `sequence` kind of src/api/types.ts; the rule of its
 * settings is its manifest's): the app_data_type it reads from its immediate upstream application and the schema of
 * what it asserts (the upstream's type is thereby checked: other assertions are not read), and its result on the newest
 * frame from the video's frames up to it, in order. Sequence types take no feedback and have no model to release.
 */
export interface SequenceModule {
  readonly type: SequenceType;
  readonly reads: AppDataType;
  /** The contract's schema of the app_data it asserts, checked before it is recorded. */
  readonly writes: z.ZodMiniType;
  readonly analyse: (frames: readonly SequenceFrame[], customFields: Record<string, unknown>) => SequenceResult;
}
