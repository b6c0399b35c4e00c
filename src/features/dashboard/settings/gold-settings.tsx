import { useQuery } from '@tanstack/react-query';
import { GOLD_RATE, QUALITY_FLAG_BELOW } from '../../../api/limits';
import { TextField } from '../../../components/text-field';
import { goldCountQueryOptions } from '../../../lib/queries/gold';
import type { FieldErrors } from '../shared/field-errors';
import type { SettingsForm } from './settings-form';

export interface GoldSettingsProps {
  appId: string;
  /** For someone who does not manage the application: the gold items are not theirs to count. */
  readOnly: boolean;
  form: SettingsForm;
  errors: FieldErrors;
  set: (changes: Partial<SettingsForm>) => void;
}

const goldCountText = (count: number) =>
  count === 0 ? 'No gold items yet: mark decided items as gold on the Review page, or import labels as gold.' : `${count} gold item${count === 1 ? '' : 's'}.`;

/** How much of each batch is gold items, and the gold accuracy under which a labeller is flagged. */
export function GoldSettings({ appId, readOnly, form, errors, set }: GoldSettingsProps) {
  const count = useQuery({ ...goldCountQueryOptions(appId), enabled: !readOnly });
  return (
    <fieldset className="fieldset">
      <legend>Gold items</legend>
      <TextField
        label="Gold share of each batch (%)"
        type="number"
        min={GOLD_RATE.min * 100}
        max={GOLD_RATE.max * 100}
        step="any"
        value={form.goldPercent}
        onChange={(e) => set({ goldPercent: e.target.value })}
        error={errors.gold_rate}
        hint="Items whose answer is known, served to labellers like any other and scored, never used for training."
      />
      <TextField
        label="Flag a labeller under this gold accuracy or agreement (%)"
        type="number"
        min={QUALITY_FLAG_BELOW.min * 100}
        max={QUALITY_FLAG_BELOW.max * 100}
        step="any"
        value={form.qualityFlagPercent}
        onChange={(e) => set({ qualityFlagPercent: e.target.value })}
        error={errors.quality_flag_below}
      />
      {count.isSuccess && <p className="muted">{goldCountText(count.data)}</p>}
    </fieldset>
  );
}
