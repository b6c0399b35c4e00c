// What an answer holds, declared once below the type modules: each module's zod schema is checked against its shape
// here (`satisfies`), and agreement, rules and schemas import these without importing a module.
import type { AppDataType, BoxCoords } from '../primitives';
import type { LineCount, TrackedBox } from './sequence-data';

/** One box of a box_set, with the model's probability when a model proposed it. */
export interface BoxRegion {
  box: BoxCoords;
  probability?: number | undefined;
}

export interface PointCoords {
  x: number;
  y: number;
}

/** Text read in the media (ocr): the model's reading with its confidence, or the text a labeller typed. */
export interface TextReading {
  text: string;
  /** 0..1, the model's; absent on a labeller's answer. */
  confidence?: number | undefined;
}

/**
 * What an assertion's app_data holds, by its app_data_type: boxes, a count or an offset, points, or text (True
 * answers and models), or a sequence type's tracks or line counts (models only).
 */
export type AppData = BoxRegion[] | number | PointCoords[] | TextReading | TrackedBox[] | LineCount[];

/** One subject of an answer, as a feedback body gives it (its shape checked by ../schemas/feedback). */
export interface FeedbackSubjectAnswer {
  subject_uid: string;
  result: 'True' | 'False';
  app_data_type?: AppDataType | null | undefined;
  app_data?: AppData | null | undefined;
}

/** One labeller's answer to an item: the subjects of their feedback (as a feedback body gives them). */
export type ItemAnswer = readonly FeedbackSubjectAnswer[];
