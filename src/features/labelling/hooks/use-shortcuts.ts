import { useEffect, useLayoutEffect, useRef } from 'react';
import type { ActionContext, WorkspaceAction } from '../type-modules/type-module';
import { matchAction } from '../shortcuts/registry';

/** Performs the registry's actions on keydown, except inside dialogs (they own their keys). */
export function useShortcuts(actions: readonly WorkspaceAction[], context: ActionContext) {
  const latest = useRef({ actions, context });
  // Before the browser can deliver the next key: Enter right after typing in a number field sends what was typed.
  useLayoutEffect(() => {
    latest.current = { actions, context };
  });
  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || (event.target instanceof Element && event.target.closest('dialog'))) return;
      const { actions, context } = latest.current;
      const action = matchAction(actions, event, context);
      if (!action) return;
      // Also keeps a focused button from answering the same key a second time with its click.
      event.preventDefault();
      action.perform(context);
    }
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);
}
