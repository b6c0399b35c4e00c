import { displayCombo, detectPlatform } from '../../../lib/shortcuts/registry';
import type { WorkspaceAction } from '../contract/type-module';

export interface ActionButtonProps {
  action: WorkspaceAction | undefined;
  onPerform: (id: string) => void;
  enabled?: boolean;
  variant?: 'primary' | 'secondary' | 'ghost';
  /** Show the key on the button (the answer buttons do; small view buttons keep it in the tooltip). */
  showKey?: boolean;
}

/** A button for a registry action: its text, its key and its effect all come from the one entry. */
export function ActionButton({ action, onPerform, enabled = true, variant = 'secondary', showKey = false }: ActionButtonProps) {
  if (!action) return null;
  const key = action.keys[0] ? displayCombo(action.keys[0], detectPlatform()) : '';
  return (
    <button
      type="button"
      className={`btn btn--${variant}`}
      onClick={() => onPerform(action.id)}
      disabled={!enabled}
      title={key ? `${action.label} (${key})` : action.label}
      aria-label={action.button === action.label ? undefined : action.label}
      aria-keyshortcuts={action.keys.join(' ')}
    >
      {action.button ?? action.label}
      {showKey && key && <kbd>{key}</kbd>}
    </button>
  );
}
