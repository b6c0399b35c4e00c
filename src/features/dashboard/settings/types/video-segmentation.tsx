import { SEGMENTATION_FRAMES, SEGMENTATION_FRAMES_PER_SECOND } from '../../../../api/limits';
import type { Application } from '../../../../api/schemas/application';
import { videoSegmentationSettings } from '../../../../api/schemas/video-segmentation';
import { fieldPath } from '../../../../api/field-errors';

/** A video_segmentation application's frame settings as the person types them (its custom_fields). */
export interface SegmentationForm {
  mode: 'rate' | 'nth';
  framesPerSecond: string;
  everyNthFrame: string;
  maxFrames: string;
}

const SETTING_KEYS = ['frames_per_second', 'every_nth_frame', 'max_frames'];

/** The form of an application of a pipeline type with frame settings; undefined for every other type. */
export function segmentationFormOf(application: Application): SegmentationForm | undefined {
  if (application.type !== 'video_segmentation') return undefined;
  const parsed = videoSegmentationSettings.safeParse(application.custom_fields);
  const settings = parsed.success ? parsed.data : { max_frames: SEGMENTATION_FRAMES.default };
  return {
    mode: settings.every_nth_frame === undefined ? 'rate' : 'nth',
    framesPerSecond: String(settings.frames_per_second ?? SEGMENTATION_FRAMES_PER_SECOND.default),
    everyNthFrame: String(settings.every_nth_frame ?? 10),
    maxFrames: String(settings.max_frames),
  };
}

/** A number field's text as the number it holds; other text stays text, so the schema names the problem. */
const numberOf = (text: string): number | string => (text.trim() === '' || Number.isNaN(Number(text)) ? text : Number(text));

/** Custom fields with the form's frame settings in place of their own (other keys are kept). */
export function customFieldsWith(customFields: Record<string, unknown>, form: SegmentationForm): Record<string, unknown> {
  const others = Object.fromEntries(Object.entries(customFields).filter(([key]) => !SETTING_KEYS.includes(key)));
  const sampling = form.mode === 'rate' ? { frames_per_second: numberOf(form.framesPerSecond) } : { every_nth_frame: numberOf(form.everyNthFrame) };
  return { ...others, ...sampling, max_frames: numberOf(form.maxFrames) };
}

/** Whether two custom_fields hold the same frame settings (the service may give keys back in another order). */
export const sameSegmentation = (a: Record<string, unknown>, b: Record<string, unknown>) => SETTING_KEYS.every((key) => a[key] === b[key]);

/** The contract's rule of the settings, as error messages by field name (`custom_fields.max_frames`, …). */
export function segmentationErrors(customFields: Record<string, unknown>): Record<string, string> {
  const parsed = videoSegmentationSettings.safeParse(customFields);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [fieldPath(['custom_fields', ...issue.path]), issue.message]));
}
