import { useEffect, useRef } from 'react';
import { LABELLING_ACTIONS } from '../shortcuts/labelling-actions';
import type { LabellingShortcutContext } from '../shortcuts/labelling-actions';
import { matchAction } from '../shortcuts/registry';

/** Performs registry actions on keydown, except inside dialogs (they own their keys) and text fields. */
export function useShortcuts(context: LabellingShortcutContext, perform: (actionId: string) => void) {
  const latest = useRef({ context, perform });
  useEffect(() => {
    latest.current = { context, perform };
  });
  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || (event.target instanceof Element && event.target.closest('dialog'))) return;
      const action = matchAction(LABELLING_ACTIONS, event, latest.current.context);
      if (!action) return;
      event.preventDefault();
      latest.current.perform(action.id);
    }
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);
}
