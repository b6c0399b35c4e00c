import { useCallback, useState } from 'react';
import { applyChange } from '../annotation/edit';
import type { Annotation } from '../annotation/types';
import type { History } from '../history';
import { canRedo, canUndo, commit, createHistory, redo, replace, undo } from '../history';
import type { Change } from '../tools/types';

/** An edit that only moves the selection: applied without an undo step. */
export type EditKind = 'edit' | 'select';

export interface ItemEditor {
  readonly annotation: Annotation;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  applyToolChange(change: Change): void;
  edit(change: (annotation: Annotation) => Annotation, kind?: EditKind): void;
  undo(): void;
  redo(): void;
}

interface ItemState {
  readonly key: string;
  readonly history: History<Annotation>;
}

/** Undo history for one item; it starts over from `initial` whenever `itemKey` changes. */
export function useItemEditor(itemKey: string, initial: Annotation): ItemEditor {
  const [state, setState] = useState<ItemState>({ key: itemKey, history: createHistory(initial) });
  const current = state.key === itemKey ? state : { key: itemKey, history: createHistory(initial) };
  if (current !== state) setState(current);

  const update = useCallback(
    (change: (history: History<Annotation>) => History<Annotation>) =>
      setState((previous) => (previous.key === itemKey ? { key: itemKey, history: change(previous.history) } : previous)),
    [itemKey],
  );

  const edit = useCallback(
    (change: (annotation: Annotation) => Annotation, kind: EditKind = 'edit') =>
      update((history) => (kind === 'select' ? replace(history, change(history.present)) : commit(history, change(history.present)))),
    [update],
  );

  return {
    annotation: current.history.present,
    canUndo: canUndo(current.history),
    canRedo: canRedo(current.history),
    applyToolChange: useCallback((change: Change) => edit((a) => applyChange(a, change), change.kind === 'select' ? 'select' : 'edit'), [edit]),
    edit,
    undo: useCallback(() => update(undo), [update]),
    redo: useCallback(() => update(redo), [update]),
  };
}
