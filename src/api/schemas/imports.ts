import { z } from '../zod';
import { answerRuleOf } from '../application-types';
import type { AppData } from '../application-types/answer';
import { ANSWERS_MAX, MODEL_NAME_MAX } from '../limits';
import { APP_DATA_TYPES, type FieldError } from '../types';
import { mediaAssertionSchema } from './detections';
import { exportNoteSchema } from './exports';
import { appDataShapeIssues, focusErrors, focusSchema, placementErrors, type AnswerContext } from './feedback';

/** COCO detection JSON, YOLO text files with their classes, Pascal VOC XML, or a CSV of one mark per row. */
export const IMPORT_FORMATS = ['coco', 'yolo', 'voc', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Where an image's name is looked for: the application's own media (its input subjects'), or all the tenant's. */
export const IMPORT_MATCHES = ['application', 'tenant'] as const;
export type ImportMatch = (typeof IMPORT_MATCHES)[number];

/** `labels` become people's answers; `gold` labels become gold items (their truth); `predictions` an outside model's proposals. */
export const IMPORT_KINDS = ['labels', 'gold', 'predictions'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

const MODEL_NAME_MESSAGE = `model is a name of 1 to ${MODEL_NAME_MAX} letters, digits, spaces or . _ - : / @ +.`;

/** The name an outside model goes by. */
const modelName = z
  .string({ error: MODEL_NAME_MESSAGE })
  .check(
    z.trim(),
    z.minLength(1, MODEL_NAME_MESSAGE),
    z.maxLength(MODEL_NAME_MAX, MODEL_NAME_MESSAGE),
    z.regex(/^[\p{L}\p{N} ._:/@+-]+$/u, MODEL_NAME_MESSAGE),
  );

const EXTERNAL_PREFIX = 'external:';

/** The model_id an outside model's assertions carry: never the id of one of the service's own releases. */
export const externalModelId = (name: string) => `${EXTERNAL_PREFIX}${name}`;

/** The name of the outside model behind a model_id; null for the service's own models. */
export const outsideModelName = (modelId: string): string | null => (modelId.startsWith(EXTERNAL_PREFIX) ? modelId.slice(EXTERNAL_PREFIX.length) : null);

/** The text fields of `POST /1/applications/{id}/imports`, sent beside the label files of the multipart form. */
export const importFields = z
  .object({
    format: z.enum(IMPORT_FORMATS, { error: `format is one of ${IMPORT_FORMATS.join(', ')}.` }),
    as: z._default(z.enum(IMPORT_KINDS, { error: `as is one of ${IMPORT_KINDS.join(', ')}.` }), 'labels'),
    model: z.optional(modelName),
    match: z._default(z.enum(IMPORT_MATCHES, { error: `match is one of ${IMPORT_MATCHES.join(', ')}.` }), 'application'),
  })
  .check(
    z.superRefine(({ as, model }, context) => {
      if (as === 'predictions' && model === undefined) {
        context.addIssue({ code: 'custom', path: ['model'], message: 'Predictions need the name of the model that made them (model).' });
      }
      if (as !== 'predictions' && model !== undefined) {
        context.addIssue({ code: 'custom', path: ['model'], message: 'Labels are answers of the person importing them; model is only for predictions.' });
      }
    }),
  );
export type ImportFields = z.input<typeof importFields>;
/** The fields of an import once checked, as its job keeps them. */
export type ImportJobFields = z.output<typeof importFields>;

/** An image of the file that was not imported, and why. */
const importSkipSchema = z.object({ image: z.string(), reason: z.string() });
export type ImportSkip = z.infer<typeof importSkipSchema>;

/** What an import did. Importing the same file again creates nothing: its images count as unchanged. */
export const importReportSchema = z.object({
  format: z.enum(IMPORT_FORMATS),
  as: z.enum(IMPORT_KINDS),
  /** The model_id the predictions carry; null for labels. */
  model_id: z.nullable(z.string()),
  /** Images the files name. */
  images: z.number().check(z.int()),
  /** Of those, the ones matched to a media item of the tenant. */
  matched: z.number().check(z.int()),
  /** Matched images whose labels or predictions were recorded now. */
  created: z.number().check(z.int()),
  /** Matched images that already carried exactly these labels or predictions (an import done before). */
  unchanged: z.number().check(z.int()),
  skipped: z.array(importSkipSchema),
  /** Classes of the files that name no output subject of the application, with their marks; nothing was guessed. */
  unknown_classes: z.array(z.object({ name: z.string(), count: z.number().check(z.int()) })),
  /** What was adjusted on the way (rounded, clipped, scaled) or left out, and how often. */
  notes: z.array(exportNoteSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** `running` while its job reads and records the files; then `done` with its report, or `failed` saying why. */
const IMPORT_STATES = ['running', 'done', 'failed'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/**
 * An import whose files were larger than IMPORT_INLINE_MAX_BYTES: `POST …/imports` answers 202 with it, and
 * `GET …/imports/{import_id}` tells its progress (`done` of `total` images) until its report is there.
 */
export const importStatusSchema = z.object({
  import_id: z.string(),
  application_id: z.string(),
  format: z.enum(IMPORT_FORMATS),
  as: z.enum(IMPORT_KINDS),
  state: z.enum(IMPORT_STATES),
  done: z.number().check(z.int()),
  total: z.number().check(z.int()),
  report: z.nullable(importReportSchema),
  message: z.nullable(z.string()),
  created_at: z.number(),
});
export type ImportStatus = z.infer<typeof importStatusSchema>;

/** One subject of an outside model's detection, in the interface's assertion shape. */
const externalDetection = z
  .object({
    subject_uid: z.string({ error: 'Give a subject_uid.' }).check(z.minLength(1, 'Give a subject_uid.'), z.maxLength(100)),
    probability: z
      .number({ error: 'probability is a number from 0 to 1.' })
      .check(z.gte(0, 'probability is a number from 0 to 1.'), z.lte(1, 'probability is a number from 0 to 1.')),
    app_data_type: z.optional(z.nullable(z.enum(APP_DATA_TYPES, { error: `app_data_type is one of ${APP_DATA_TYPES.join(', ')}.` }))),
    app_data: z.optional(z.nullable(z.custom<AppData>())),
  })
  .check(
    z.superRefine((detection, context) => {
      for (const issue of appDataShapeIssues(detection)) context.addIssue(issue);
    }),
  );

/** The body of `POST /1/media/{id}/detections` (extension): one outside model's detections of the media in an application. */
export const externalDetectionsBody = z.object({
  application_id: z.string({ error: 'Give an application_id.' }).check(z.minLength(1, 'Give an application_id.'), z.maxLength(100)),
  model: modelName,
  focus: z.optional(z.nullable(focusSchema)),
  subjects: z
    .array(externalDetection, { error: 'subjects is a list of detections.' })
    .check(z.minLength(1, 'Give at least one subject detection.'), z.maxLength(ANSWERS_MAX, `Give at most ${ANSWERS_MAX} subject detections.`)),
});
export type ExternalDetections = z.output<typeof externalDetectionsBody>;

/** What `POST /1/media/{id}/detections` answers: the model's current assertions on the media, and what became of them. */
export const externalDetectionsResultSchema = z.object({
  media_id: z.string(),
  application_id: z.string(),
  model_id: z.string(),
  /** False when the model had already posted exactly these detections: nothing was recorded again. */
  created: z.boolean(),
  /** True when the detections are ambiguous enough to wait in the application's feedback queue. */
  queued_for_feedback: z.boolean(),
  detections: z.array(mediaAssertionSchema),
});
export type ExternalDetectionsResult = z.infer<typeof externalDetectionsResultSchema>;

/**
 * Every problem of well-shaped detections under the application's type: each names an output subject once, and
 * app_data (when given) is the type's, lying inside the focus or media. Empty when they are valid.
 */
export function externalDetectionErrors(body: ExternalDetections, context: AnswerContext): FieldError[] {
  const rule = answerRuleOf(context.type);
  if (!rule) return [{ field: 'application_id', message: `Applications of type ${context.type} take no detections from outside.` }];
  const focus = body.focus?.box ?? null;
  const focusProblems = focus ? focusErrors(focus, context) : [];
  if (focusProblems.length > 0) return focusProblems;
  const uids = body.subjects.map((detection) => detection.subject_uid);
  if (new Set(uids).size !== uids.length) return [{ field: 'subjects', message: 'Give each subject at most once.' }];
  return body.subjects.flatMap((detection, index): FieldError[] => {
    const at = `subjects.${index}`;
    if (!context.outputSubjects.includes(detection.subject_uid)) {
      return [{ field: `${at}.subject_uid`, message: `${detection.subject_uid} is not an output subject of the application.` }];
    }
    const hasData = detection.app_data !== undefined && detection.app_data !== null;
    if (!hasData) return detection.app_data_type ? [{ field: `${at}.app_data`, message: 'app_data_type needs its app_data.' }] : [];
    if (rule.appDataType === null || detection.app_data_type !== rule.appDataType) {
      const expected = rule.appDataType === null ? `A ${context.type} detection carries no app_data.` : `A ${context.type} detection has app_data_type ${rule.appDataType}.`;
      return [{ field: `${at}.app_data_type`, message: expected }];
    }
    return placementErrors(rule, detection.app_data, at, { width: context.width, height: context.height, focus });
  });
}
