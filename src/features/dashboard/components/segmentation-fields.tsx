import { SEGMENTATION_EVERY_NTH_FRAME_MAX, SEGMENTATION_FRAMES, SEGMENTATION_FRAMES_PER_SECOND } from '../../../api/limits';
import { TextField } from '../../../components/text-field';
import type { SegmentationForm } from '../utils/segmentation-form';

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
        <TextField
          label="Frames per second"
          type="number"
          min={SEGMENTATION_FRAMES_PER_SECOND.min}
          max={SEGMENTATION_FRAMES_PER_SECOND.max}
          step="any"
          value={form.framesPerSecond}
          onChange={(e) => onChange({ framesPerSecond: e.target.value })}
          error={errors['custom_fields.frames_per_second']}
          hint="The first frame at or after each mark; above the video's own rate, every frame."
        />
      ) : (
        <TextField
          label="Every n-th frame"
          type="number"
          min={1}
          max={SEGMENTATION_EVERY_NTH_FRAME_MAX}
          step={1}
          value={form.everyNthFrame}
          onChange={(e) => onChange({ everyNthFrame: e.target.value })}
          error={errors['custom_fields.every_nth_frame']}
          hint="Frames 0, n, 2n, …"
        />
      )}
      <TextField
        label="Most frames per video"
        type="number"
        min={SEGMENTATION_FRAMES.min}
        max={SEGMENTATION_FRAMES.max}
        step={1}
        value={form.maxFrames}
        onChange={(e) => onChange({ maxFrames: e.target.value })}
        error={errors['custom_fields.max_frames']}
        hint="Each frame becomes a media item of the output subjects."
      />
    </fieldset>
  );
}
