import { useEffect, useLayoutEffect, useRef } from 'react';
import type { ActionContext, WorkspaceAction } from '../contract/type-module';
import { matchAction } from '../../../lib/shortcuts/registry';

/** A key press the workspace acts on: none that a dialog owns, or that something else took already. */
const forWorkspace = (event: KeyboardEvent) => !event.defaultPrevented && !(event.target instanceof Element && event.target.closest('dialog'));

/**
 * Performs the registry's actions on keydown, except inside dialogs (they own their keys), through `perform`, which
 * decides whether the item has been seen long enough. A key meant to answer an item whose image is still loading is
 * handed to `perform` too, to be refused there (and not answered by a focused button's click): it is never held.
 */
export function useShortcuts(actions: readonly WorkspaceAction[], context: ActionContext, perform: (action: WorkspaceAction) => void) {
  const latest = useRef({ actions, context, perform });
  // Before the browser can deliver the next key: Enter right after typing in a number field sends what was typed.
  useLayoutEffect(() => {
    latest.current = { actions, context, perform };
  });

  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent) {
      if (!forWorkspace(event)) return;
      const { actions, context, perform } = latest.current;
      const action = matchAction(actions, event, context) ?? matchAction(actions, event, { ...context, imageShown: true });
      if (!action) return;
      // Also keeps a focused button from answering the key a second time with its click.
      event.preventDefault();
      perform(action);
    }
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);
}
