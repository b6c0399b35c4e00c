import type { AppData, PointCoords } from '../../../src/api/application-types/answer';
import type { AppDataType } from '../../../src/api/types';

/** What a baseline model proposes for one subject of one media item (or focus). */
export interface ModelProposal {
  subject_uid: string;
  /** Calibrated likelihood that the subject is in the media (or focus). */
  probability: number;
  /** The model's raw evidence; for boxes, counts and points the least certain object's probability. */
  uncal_prob: number;
  app_data_type: AppDataType | null;
  app_data: AppData | null;
  /** Where the objects a count counts are, one whole media pixel each (a feedback request shows them as markers). */
  counted?: PointCoords[];
}

