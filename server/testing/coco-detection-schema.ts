import { z } from 'zod';

// The COCO object-detection format (https://cocodataset.org/#format-data), as the tools that train on it read it
// (pycocotools' COCO(), torchvision's CocoDetection, Detectron2, MMDetection): the required fields and their types.
// Extra fields are allowed, as those readers pass over them.

const nonNegative = z.number().nonnegative();

const cocoImage = z.looseObject({
  id: z.number().int().positive(),
  file_name: z.string().min(1),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

const cocoAnnotation = z.looseObject({
  id: z.number().int().positive(),
  image_id: z.number().int().positive(),
  category_id: z.number().int().positive(),
  bbox: z.tuple([nonNegative, nonNegative, nonNegative, nonNegative]),
  area: nonNegative,
  iscrowd: z.union([z.literal(0), z.literal(1)]),
  segmentation: z.union([z.array(z.array(z.number())), z.looseObject({ counts: z.unknown(), size: z.array(z.number()) })]),
  /** Keypoint annotations: x, y, visibility (0, 1 or 2) per keypoint of the category. */
  keypoints: z.array(z.number()).optional(),
  num_keypoints: z.number().int().nonnegative().optional(),
});

const cocoCategory = z.looseObject({
  id: z.number().int().positive(),
  name: z.string().min(1),
  supercategory: z.string(),
  keypoints: z.array(z.string()).optional(),
  skeleton: z.array(z.tuple([z.number().int(), z.number().int()])).optional(),
});

export const cocoDetectionSchema = z.looseObject({
  info: z.looseObject({ description: z.string(), version: z.string(), year: z.number().int(), date_created: z.string() }),
  licenses: z.array(z.looseObject({ id: z.number().int(), name: z.string() })),
  images: z.array(cocoImage),
  annotations: z.array(cocoAnnotation),
  categories: z.array(cocoCategory).min(1),
});

export type CocoDetection = z.infer<typeof cocoDetectionSchema>;
