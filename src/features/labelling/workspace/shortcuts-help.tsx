import { lazy, Suspense } from 'react';
import type { PointerGesture } from '../../../lib/shortcuts/registry';
import type { WorkspaceAction } from '../contract/type-module';

// Not needed to draw the first item: loaded when asked for.
const ShortcutsDialog = lazy(() => import('./shortcuts-dialog').then((m) => ({ default: m.ShortcutsDialog })));

/** The `?` overlay, loaded on first open. */
export function ShortcutsHelp({ open, actions, onClose }: { open: boolean; actions: readonly (WorkspaceAction | PointerGesture)[]; onClose: () => void }) {
  if (!open) return null;
  return (
    <Suspense>
      <ShortcutsDialog open actions={actions} onClose={onClose} />
    </Suspense>
  );
}
