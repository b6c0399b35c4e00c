import { useEffect, useLayoutEffect, useRef } from 'react';
import type { ActionContext, WorkspaceAction } from '../type-modules/type-module';
import { matchAction } from '../../../lib/shortcuts/registry';

/** Performs the registry's actions on keydown, except inside dialogs (they own their keys). */
export function useShortcuts(actions: readonly WorkspaceAction[], context: ActionContext, onKeyAction?: (action: WorkspaceAction) => void) {
  const latest = useRef({ actions, context, onKeyAction });
  // Before the browser can deliver the next key: Enter right after typing in a number field sends what was typed.
  useLayoutEffect(() => {
    latest.current = { actions, context, onKeyAction };
  });
  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || (event.target instanceof Element && event.target.closest('dialog'))) return;
      const { actions, context, onKeyAction } = latest.current;
      const action = matchAction(actions, event, context);
      if (!action) return;
      onKeyAction?.(action);
      // Also keeps a focused button from answering the same key a second time with its click.
      event.preventDefault();
      action.perform(context);
    }
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);
}
