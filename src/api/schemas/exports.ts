import { z } from '../zod';

/** COCO detection JSON, YOLO text files (Ultralytics layout) or Pascal VOC XML. */
export const EXPORT_FORMATS = ['coco', 'yolo', 'voc'] as const;
export type ExportFormat = z.infer<typeof exportFormat>;

export const EXPORT_FORMAT_NAMES: Readonly<Record<ExportFormat, string>> = { coco: 'COCO JSON', yolo: 'YOLO', voc: 'Pascal VOC' };

const exportFormat = z.enum(EXPORT_FORMATS, { error: `format is one of ${EXPORT_FORMATS.join(', ')}.` });

/**
 * Whose pixels an export's boxes and points are in: each media item's (`media`), or (`plan`) those of the plan that a
 * sub-plan or crop lies in (its place_in_plan, followed up to a media item that lies in no plan), where the labels of
 * all its sub-plans are gathered.
 */
const EXPORT_COORDINATES = ['media', 'plan'] as const;
export type ExportCoordinates = (typeof EXPORT_COORDINATES)[number];
const exportCoordinates = z.enum(EXPORT_COORDINATES, { error: `coordinates is one of ${EXPORT_COORDINATES.join(', ')}.` });

/** The body of `POST /1/applications/{id}/exports`. */
export const createExportBody = z.object({
  format: exportFormat,
  /** Put the images in the zip beside the labels. */
  include_images: z._default(z.boolean({ error: 'include_images is true or false.' }), false),
  coordinates: z._default(exportCoordinates, 'media'),
});
export type CreateExportBody = z.input<typeof createExportBody>;

const EXPORT_STATES = ['preparing', 'ready', 'failed'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

/** What the export left out or wrote differently (e.g. answers its format cannot express), and how often. */
export const exportNoteSchema = z.object({ message: z.string(), count: z.number().check(z.int()) });
export type ExportNote = z.infer<typeof exportNoteSchema>;

/** An export as `GET /1/applications/{id}/exports/{export_id}` gives it: `done` of `total` images written. */
export const exportStatusSchema = z.object({
  export_id: z.string(),
  application_id: z.string(),
  format: exportFormat,
  include_images: z.boolean(),
  coordinates: exportCoordinates,
  state: z.enum(EXPORT_STATES),
  done: z.number().check(z.int()),
  /** Images in the export; 0 until the labels are read. */
  total: z.number().check(z.int()),
  /** The download's name, e.g. `my-app-coco.zip`. */
  file_name: z.string(),
  /** Bytes of the finished file; null while preparing. */
  size: z.nullable(z.number().check(z.int())),
  notes: z.array(exportNoteSchema),
  /** Why it failed; null otherwise. */
  message: z.nullable(z.string()),
  created_at: z.number(),
});
export type ExportStatus = z.infer<typeof exportStatusSchema>;
