import { COCO_CLASSES } from '../detector/classes';
import { z } from '../zod';

/** An object the service's pretrained detector found: its COCO class, its score (0..1) and its box in media pixels. */
const detectedObjectSchema = z.object({
  class: z.enum(COCO_CLASSES),
  score: z.number(),
  box: z.object({ x0: z.number(), y0: z.number(), x1: z.number(), y1: z.number() }),
});
export type DetectedObject = z.infer<typeof detectedObjectSchema>;

/** Extension `GET /1/media/{id}/objects`: every object of any class the detector finds in the image, strongest first. */
export const mediaObjectsSchema = z.object({ media_id: z.string(), objects: z.array(detectedObjectSchema) });
