import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { FormActions } from '../../../components/form-actions';
import { describeShortcuts, type PointerGesture } from '../../../lib/shortcuts/registry';
import type { WorkspaceAction } from '../contract/type-module';

/** The `?` overlay: the shortcuts and pointer gestures of this application type (`helpOf`), from its registry. */
export function ShortcutsDialog({ open, actions, onClose }: { open: boolean; actions: readonly (WorkspaceAction | PointerGesture)[]; onClose: () => void }) {
  const groups = describeShortcuts(actions);
  return (
    <Dialog open={open} title="Keyboard shortcuts" onClose={onClose}>
      {/* Focusable so that keyboard users can scroll it when it does not fit. */}
      <div className="shortcuts" tabIndex={0} role="region" aria-label="All shortcuts">
        {groups.map(({ group, actions: rows }) => (
          <section key={group}>
            <h3 className="shortcuts__group">{group}</h3>
            <dl className="shortcuts__list">
              {rows.map((row) => (
                <div key={row.id} className="shortcuts__row">
                  <dt>{row.keys.map((k) => <kbd key={k}>{k}</kbd>)}</dt>
                  <dd>{row.label}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
        <p className="shortcuts__note">Space + drag, middle-drag or two fingers pan; the wheel or a pinch zooms.</p>
      </div>
      <FormActions>
        <Button variant="primary" onClick={onClose} autoFocus>
          Close
        </Button>
      </FormActions>
    </Dialog>
  );
}
