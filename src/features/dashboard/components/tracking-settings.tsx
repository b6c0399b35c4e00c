import { useState, type FormEvent } from 'react';
import { TRACKING_DEFAULTS, trackingSettingsSchema } from '../../../api/application-types/dynamic-tracking';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { FormActions } from '../../../components/form-actions';
import { TextField } from '../../../components/text-field';
import { useUpdateApplication } from '../api/update-application';
import type { TypeSettingsProps } from './reading-settings';

type Field = keyof typeof TRACKING_DEFAULTS;

const savedValue = (customFields: Record<string, unknown>, field: Field) => String(customFields[field] ?? TRACKING_DEFAULTS[field]);

/** dynamic_tracking: how long a track waits for its object and how much a box must overlap it, in custom_fields. */
export function TrackingSettings({ application, readOnly }: TypeSettingsProps) {
  const saved = { max_missed_frames: savedValue(application.custom_fields, 'max_missed_frames'), min_iou: savedValue(application.custom_fields, 'min_iou') };
  const [values, setValues] = useState(saved);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const update = useUpdateApplication(application.application_id);
  const dirty = values.max_missed_frames !== saved.max_missed_frames || values.min_iou !== saved.min_iou;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
    const parsed = trackingSettingsSchema.safeParse({ max_missed_frames: number(values.max_missed_frames), min_iou: number(values.min_iou) });
    setErrors(Object.fromEntries(parsed.error?.issues.map((issue) => [issue.path[0], issue.message]) ?? []));
    if (parsed.success) update.mutate({ custom_fields: { ...application.custom_fields, ...parsed.data } });
  }

  const field = (name: Field) => ({
    value: values[name],
    error: errors[name],
    inputMode: 'decimal' as const,
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Tracking">
      <fieldset className="fieldset form" disabled={readOnly}>
        <legend>Tracking</legend>
        <TextField
          label="Frames a track waits for its object"
          hint="A track whose object is not seen for more frames than this ends; a box seen later gets a new id (0 to 100)."
          {...field('max_missed_frames')}
        />
        <TextField
          label="Least overlap to continue a track"
          hint="The intersection over union of a box with where the track was heading, from 0.01 to 1: lower follows fast objects, higher keeps close ones apart."
          {...field('min_iou')}
        />
      </fieldset>
      {update.isError && <Alert>{update.error.message}</Alert>}
      {update.isSuccess && !dirty && <Alert tone="info">Tracking settings saved.</Alert>}
      {!readOnly && (
        <FormActions>
          <Button type="submit" variant="primary" busy={update.isPending} disabled={!dirty}>
            Save tracking settings
          </Button>
        </FormActions>
      )}
    </form>
  );
}
