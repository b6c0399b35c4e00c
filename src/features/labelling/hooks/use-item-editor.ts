import { useCallback, useEffect, useRef, useState } from 'react';
import { applyToolChange } from '../canvas/run-tool';
import type { History } from '../history';
import { canRedo, canUndo, commit, createHistory, redo, replace, undo } from '../history';
import type { Change } from '../tools/types';
import type { Annotation } from '../type-modules/annotation';
import type { Edit } from '../type-modules/type-module';

export interface ItemEditor {
  readonly annotation: Annotation;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  applyToolChange(change: Change): void;
  edit: Edit<Annotation>;
  undo(): void;
  redo(): void;
}

interface ItemState {
  readonly key: string;
  readonly history: History<Annotation>;
}

/**
 * Undo history for one item; it starts over from `initial` whenever `itemKey` changes. `onEdited` hears every
 * annotation the person made (not the starting one), for keeping drafts.
 */
export function useItemEditor(itemKey: string, initial: Annotation, onEdited?: (annotation: Annotation) => void): ItemEditor {
  const [state, setState] = useState<ItemState>({ key: itemKey, history: createHistory(initial) });
  const current = state.key === itemKey ? state : { key: itemKey, history: createHistory(initial) };
  if (current !== state) setState(current);

  const present = current.history.present;
  const start = useRef({ key: itemKey, annotation: present });
  if (start.current.key !== itemKey) start.current = { key: itemKey, annotation: present };
  const listener = useRef(onEdited);
  useEffect(() => {
    listener.current = onEdited;
  });
  useEffect(() => {
    if (present !== start.current.annotation) listener.current?.(present);
  }, [present]);

  const update = useCallback(
    (change: (history: History<Annotation>) => History<Annotation>) =>
      setState((previous) => (previous.key === itemKey ? { key: itemKey, history: change(previous.history) } : previous)),
    [itemKey],
  );

  const edit = useCallback<Edit<Annotation>>(
    (change, kind = 'edit') =>
      update((history) => (kind === 'select' ? replace(history, change(history.present)) : commit(history, change(history.present)))),
    [update],
  );

  return {
    annotation: present,
    canUndo: canUndo(current.history),
    canRedo: canRedo(current.history),
    applyToolChange: useCallback((change: Change) => edit((a) => applyToolChange(a, change), change.kind === 'select' ? 'select' : 'edit'), [edit]),
    edit,
    undo: useCallback(() => update(undo), [update]),
    redo: useCallback(() => update(redo), [update]),
  };
}
