import { MAX_FEEDBACK_PULL } from '../../../api/endpoints/feedback';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { FormActions } from '../../../components/form-actions';
import { Field, TextField } from '../../../components/text-field';
import { MAX_LOOK_MS, setItemsPerPull, setLookMs, usePreferences } from '../../../lib/preferences';

const SIZES = Array.from({ length: MAX_FEEDBACK_PULL }, (_, i) => i + 1);

/** The person's settings for this browser; each change applies at once. */
export function PreferencesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const itemsPerPull = usePreferences((s) => s.itemsPerPull);
  const lookMs = usePreferences((s) => s.lookMs);
  return (
    <Dialog open={open} title="Preferences" onClose={onClose}>
      <Field label="Items per pull" htmlFor="items-per-pull">
        <select id="items-per-pull" className="field__input" value={itemsPerPull} onChange={(event) => setItemsPerPull(Number(event.target.value))}>
          {SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <p className="field__hint">
          How many items labelling takes at a time. They are held for you until you answer, skip or leave; more
          means fewer waits, fewer leaves more for others.
        </p>
      </Field>
      <TextField
        label="Look time (ms)"
        type="number"
        min={0}
        max={MAX_LOOK_MS}
        step={50}
        value={lookMs}
        onChange={(event) => event.target.value !== '' && setLookMs(Number(event.target.value))}
        hint="How long an item is on screen before a key or click answers or edits it. Earlier ones do nothing (a double click or a repeated key never answers the next item unseen)."
      />
      <FormActions>
        <Button onClick={onClose}>Done</Button>
      </FormActions>
    </Dialog>
  );
}
