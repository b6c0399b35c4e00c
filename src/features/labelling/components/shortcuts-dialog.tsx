import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { FormActions } from '../../../components/form-actions';
import { describeShortcuts, type ShortcutGroup } from '../shortcuts/registry';
import { LABELLING_ACTIONS } from '../shortcuts/labelling-actions';

type ShortcutRow = ShortcutGroup['actions'][number];

/** One row for each run of digit actions (`choose-1` … `choose-9`) instead of nine. */
export function collapseDigitRows(actions: readonly ShortcutRow[]): ShortcutRow[] {
  return actions.flatMap((action) => {
    const digit = /^(choose|toggle)-(\d)$/.exec(action.id);
    if (!digit) return [action];
    if (digit[2] !== '1') return [];
    const last = actions.filter((a) => a.id.startsWith(`${digit[1]}-`)).length;
    return [{ ...action, label: action.label.replace(/ 1$/, ''), keys: [`1–${last}`] }];
  });
}

const groups = describeShortcuts(LABELLING_ACTIONS).map(({ group, actions }) => ({ group, actions: collapseDigitRows(actions) }));

/** The `?` overlay: every shortcut, from the one registry. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} title="Keyboard shortcuts" onClose={onClose}>
      {/* Focusable so that keyboard users can scroll it when it does not fit. */}
      <div className="shortcuts" tabIndex={0} role="region" aria-label="All shortcuts">
        {groups.map(({ group, actions }) => (
          <section key={group}>
            <h3 className="shortcuts__group">{group}</h3>
            <dl className="shortcuts__list">
              {actions.map((action) => (
                <div key={action.id} className="shortcuts__row">
                  <dt>{action.keys.map((k) => <kbd key={k}>{k}</kbd>)}</dt>
                  <dd>{action.label}</dd>
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
