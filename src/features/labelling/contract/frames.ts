// What a video's frames carry between them: the boxes of answered frames, read by Copy previous frame and Interpolate.
import type { AppData } from '../../../api/application-types/answer';
import type { Box } from '../geometry/types';

/** A box of one class (output subject). */
export type SubjectBox = Box & { readonly subject_uid: string };

/** A frame the labeller answered: its number in the video and its boxes. */
export interface KeyFrame {
  readonly frame: number;
  readonly boxes: readonly SubjectBox[];
}

/** The current frame and its nearest answered frames before and after: what Copy and Interpolate read. */
export interface KeyFrames {
  readonly frame: number;
  readonly previous: KeyFrame | null;
  readonly next: KeyFrame | null;
}

/** One subject of an answer, as the outbox keeps it or the service lists it: its boxes are in `app_data`. */
export interface SubjectAnswer {
  readonly subject_uid: string;
  readonly app_data?: AppData | null;
}
