import { SEGMENTATION_FRAMES, SEGMENTATION_FRAMES_PER_SECOND } from '../../../../api/limits';
import { videoSegmentationSettings } from '../../../../api/schemas/video-segmentation';
import { fieldPath } from '../../../../api/field-errors';
import type { FieldErrors } from '../../shared/field-errors';
import { numberOf } from '../number-text';
import { SegmentationFields, type SegmentationForm } from './segmentation-fields';
import type { CustomFieldsDraft, TypeSettings } from './type-settings';

const SETTING_KEYS = ['frames_per_second', 'every_nth_frame', 'max_frames'];

/** The saved frame settings as the form shows them; settings stored before the rule start at its defaults. */
export function segmentationFormOf(customFields: Record<string, unknown>): SegmentationForm {
  const parsed = videoSegmentationSettings.safeParse(customFields);
  const settings = parsed.success ? parsed.data : { max_frames: SEGMENTATION_FRAMES.default };
  return {
    mode: settings.every_nth_frame === undefined ? 'rate' : 'nth',
    framesPerSecond: String(settings.frames_per_second ?? SEGMENTATION_FRAMES_PER_SECOND.default),
    everyNthFrame: String(settings.every_nth_frame ?? 10),
    maxFrames: String(settings.max_frames),
  };
}

/** Custom fields with the form's frame settings in place of their own (other keys are kept). */
function customFieldsWith(customFields: Record<string, unknown>, form: SegmentationForm): Record<string, unknown> {
  const others = Object.fromEntries(Object.entries(customFields).filter(([key]) => !SETTING_KEYS.includes(key)));
  const sampling = form.mode === 'rate' ? { frames_per_second: numberOf(form.framesPerSecond) } : { every_nth_frame: numberOf(form.everyNthFrame) };
  return { ...others, ...sampling, max_frames: numberOf(form.maxFrames) };
}

/** Whether two custom_fields hold the same frame settings (the service may give keys back in another order). */
const sameSegmentation = (a: Record<string, unknown>, b: Record<string, unknown>) => SETTING_KEYS.every((key) => a[key] === b[key]);

/** The contract's rule of the settings, as error messages by field name (`custom_fields.max_frames`, …). */
function segmentationErrors(customFields: Record<string, unknown>): FieldErrors {
  const parsed = videoSegmentationSettings.safeParse(customFields);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [fieldPath(['custom_fields', ...issue.path]), issue.message]));
}

/** The frame settings as typed, for the main settings form to show, check and save. */
export const segmentationDraft = (form: SegmentationForm): CustomFieldsDraft => ({
  appliedTo: (customFields) => customFieldsWith(customFields, form),
  isSavedIn: (customFields) => sameSegmentation(customFieldsWith(customFields, form), customFields),
  errors: () => segmentationErrors(customFieldsWith({}, form)),
  fields: (errors, onChange) => (
    <SegmentationFields form={form} errors={errors} onChange={(changes) => onChange(segmentationDraft({ ...form, ...changes }))} />
  ),
});

/** video_segmentation: which frames of each video it takes, edited in the main form and saved with it. */
export const videoSegmentation: TypeSettings = { draftOf: (customFields) => segmentationDraft(segmentationFormOf(customFields)) };
