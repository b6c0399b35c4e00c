import { MAX_FEEDBACK_PULL } from '../../../api/endpoints/feedback';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { FormActions } from '../../../components/form-actions';
import { setItemsPerPull, usePreferences } from '../../../lib/preferences';

const SIZES = Array.from({ length: MAX_FEEDBACK_PULL }, (_, i) => i + 1);

/** The person's settings for this browser; each change applies at once. */
export function PreferencesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const itemsPerPull = usePreferences((s) => s.itemsPerPull);
  return (
    <Dialog open={open} title="Preferences" onClose={onClose}>
      <div className="field">
        <label className="field__label" htmlFor="items-per-pull">
          Items per pull
        </label>
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
      </div>
      <FormActions>
        <Button onClick={onClose}>Done</Button>
      </FormActions>
    </Dialog>
  );
}
