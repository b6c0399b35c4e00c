import { z } from '../zod';
import { focusSchema } from './feedback';
import type { BoxCoords, Focus } from '../types';

/** One subject's entry of a prediction: as a feedback pull shows it (a count's `counted` markers included). */
const predictedSubjectSchema = z.object({
  subject_uid: z.string(),
  probability: z.number(),
  app_data_type: z.nullable(z.string()),
  app_data: z.unknown(),
  counted: z.optional(z.array(z.object({ x: z.number(), y: z.number() }))),
});

export type PredictedSubject = z.infer<typeof predictedSubjectSchema>;

/** The answer of `POST /1/applications/{id}/predict` (docs/api.md). */
export const predictionSchema = z.object({
  media_id: z.nullable(z.string()),
  model_id: z.string(),
  subjects: z.array(predictedSubjectSchema),
  /** The part of the image the models looked at, when one was given. */
  focus: z.optional(focusSchema),
});

export type Prediction = z.infer<typeof predictionSchema>;

/** "Find more like these": the subject, and the boxes around objects of it in the media item (rule: `exemplarsSchema`). */
export interface ExemplarRequest {
  readonly mediaId: string;
  readonly subjectUid: string;
  readonly exemplars: readonly BoxCoords[];
  /** Only this part of the media is searched (the item's focus), when it has one. */
  readonly focus?: Focus | null;
}
