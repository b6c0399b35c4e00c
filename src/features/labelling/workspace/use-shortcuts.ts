import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ActionContext, WorkspaceAction } from '../contract/type-module';
import { matchAction } from '../../../lib/shortcuts/registry';
import { forWorkspace, type HeldKeys } from '../shortcuts/held-keys';

interface Registry {
  readonly actions: readonly WorkspaceAction[];
  readonly context: ActionContext;
  readonly onKeyAction?: (action: WorkspaceAction) => void;
}

interface Holding {
  readonly keys: HeldKeys;
  /** The item's image is on its way (neither shown nor failed to load): presses that need it wait for it. */
  readonly imageComing: boolean;
}

function perform({ context, onKeyAction }: Registry, action: WorkspaceAction) {
  onKeyAction?.(action);
  action.perform(context);
}

/**
 * Performs the registry's actions on keydown, except inside dialogs (they own their keys). A press that waits for
 * the item's image (Accept or Not present while it loads) is held, and so is every press after it; once the image is
 * painted they are performed in order, one a render, so that each sees what the one before did. An image that fails
 * to load drops them.
 */
export function useShortcuts(actions: readonly WorkspaceAction[], context: ActionContext, { keys: held, imageComing }: Holding, onKeyAction?: (action: WorkspaceAction) => void) {
  const latest = useRef({ registry: { actions, context, onKeyAction } as Registry, imageComing });
  // Before the browser can deliver the next key: Enter right after typing in a number field sends what was typed.
  useLayoutEffect(() => {
    latest.current = { registry: { actions, context, onKeyAction }, imageComing };
  });

  useEffect(() => {
    held.attach();
    function handleKeyDown(event: KeyboardEvent) {
      if (!forWorkspace(event)) return;
      const { registry, imageComing } = latest.current;
      const { actions, context } = registry;
      const action = matchAction(actions, event, context);
      const onceShown = context.imageShown ? action : matchAction(actions, event, { ...context, imageShown: true });
      const holds = held.waiting() || (imageComing && onceShown !== action);
      const taken = holds ? onceShown : action;
      if (!taken) return;
      // Also keeps a focused button from answering the key a second time with its click.
      event.preventDefault();
      if (holds) held.hold(event);
      else perform(registry, taken);
    }
    window.addEventListener('keydown', handleKeyDown);
    return () => {
      held.detach();
      window.removeEventListener('keydown', handleKeyDown);
    };
  }, [held]);

  const [performedHeld, setPerformedHeld] = useState(0);
  const { imageShown } = context;
  useEffect(() => {
    if (!imageShown && !imageComing) held.clear();
    if (!imageShown || !held.waiting()) return;
    let task: ReturnType<typeof setTimeout> | undefined;
    // A frame, then a task: the image was painted before a held key answers it.
    const frame = requestAnimationFrame(() => {
      task = setTimeout(() => {
        const press = held.take();
        const { registry } = latest.current;
        const action = press && matchAction(registry.actions, press, registry.context);
        if (action) perform(registry, action);
        setPerformedHeld((n) => n + 1);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, [held, imageShown, imageComing, performedHeld]);
}
