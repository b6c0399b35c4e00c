import { SEGMENTATION_EVERY_NTH_FRAME_MAX, SEGMENTATION_FRAMES, SEGMENTATION_FRAMES_PER_SECOND } from '../../../../api/limits';
import { NumberTextField } from '../../../../components/number-text-field';

/** A video_segmentation application's frame settings as the person types them (its custom_fields). */
export interface SegmentationForm {
  mode: 'rate' | 'nth';
  framesPerSecond: string;
  everyNthFrame: string;
  maxFrames: string;
}

interface SegmentationFieldsProps {
  form: SegmentationForm;
  onChange: (changes: Partial<SegmentationForm>) => void;
  errors: Record<string, string | undefined>;
}

/** Which frames of each video a video_segmentation application takes: at a rate or every n-th, and how many at most. */
export function SegmentationFields({ form, onChange, errors }: SegmentationFieldsProps) {
  return (
    <fieldset className="fieldset">
      <legend>Frames taken from each video</legend>
      <label className="choice">
        <input type="radio" name="segmentation-mode" checked={form.mode === 'rate'} onChange={() => onChange({ mode: 'rate' })} />
        At a rate
      </label>
      <label className="choice">
        <input type="radio" name="segmentation-mode" checked={form.mode === 'nth'} onChange={() => onChange({ mode: 'nth' })} />
        Every n-th frame
      </label>
      {form.mode === 'rate' ? (
        <NumberTextField
          label="Frames per second"
          min={SEGMENTATION_FRAMES_PER_SECOND.min}
          max={SEGMENTATION_FRAMES_PER_SECOND.max}
          value={form.framesPerSecond}
          onChange={(framesPerSecond) => onChange({ framesPerSecond })}
          error={errors['custom_fields.frames_per_second']}
          hint="The first frame at or after each mark; above the video's own rate, every frame."
        />
      ) : (
        <NumberTextField
          label="Every n-th frame"
          min={1}
          max={SEGMENTATION_EVERY_NTH_FRAME_MAX}
          step={1}
          value={form.everyNthFrame}
          onChange={(everyNthFrame) => onChange({ everyNthFrame })}
          error={errors['custom_fields.every_nth_frame']}
          hint="Frames 0, n, 2n, …"
        />
      )}
      <NumberTextField
        label="Most frames per video"
        min={SEGMENTATION_FRAMES.min}
        max={SEGMENTATION_FRAMES.max}
        step={1}
        value={form.maxFrames}
        onChange={(maxFrames) => onChange({ maxFrames })}
        error={errors['custom_fields.max_frames']}
        hint="Each frame becomes a media item of the output subjects."
      />
    </fieldset>
  );
}
