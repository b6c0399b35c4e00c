import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { applyToolChange } from '../contract/tool-runner';
import type { History } from '../history';
import { canRedo, canUndo, commit, createHistory, redo, replace, undo } from '../history';
import type { Change } from '../contract/tool-events';
import type { Annotation, AnyTypeModule, Edit } from '../contract/type-module';

export interface ItemEditor {
  /** The annotation as shown: the present one through the view (the confidence floor). */
  readonly annotation: Annotation;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** A finished gesture; marks it adds get `newClass`. */
  applyToolChange(change: Change, newClass: string | null): void;
  edit: Edit<Annotation>;
  undo(): void;
  redo(): void;
}

interface ItemState {
  readonly key: string;
  readonly history: History<Annotation>;
}

const asItIs = (annotation: Annotation) => annotation;

/**
 * Undo history for one item; it starts over from `initial` whenever `itemKey` changes. `onEdited` hears every
 * annotation the person made (not the starting one), for keeping drafts. `view` (the confidence floor) shapes what
 * is shown and edited without being an edit itself: moving the floor writes no history and no draft, and an undone
 * state is shown at today's floor.
 */
export function useItemEditor(
  module: AnyTypeModule,
  itemKey: string,
  initial: Annotation,
  onEdited?: (annotation: Annotation) => void,
  view: (annotation: Annotation) => Annotation = asItIs,
): ItemEditor {
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
      update((history) => {
        const shown = view(history.present);
        const next = change(shown);
        if (next === shown) return history;
        return kind === 'select' ? replace(history, next) : commit(history, next);
      }),
    [update, view],
  );

  return {
    annotation: useMemo(() => view(present), [view, present]),
    canUndo: canUndo(current.history),
    canRedo: canRedo(current.history),
    applyToolChange: useCallback(
      (change: Change, newClass: string | null) => edit((a) => applyToolChange(module, a, change, newClass), withoutUndoStep(change) ? 'select' : 'edit'),
      [module, edit],
    ),
    edit,
    undo: useCallback(() => update(undo), [update]),
    redo: useCallback(() => update(redo), [update]),
  };
}

const withoutUndoStep = (change: Change) => change.kind === 'select' || (change.kind === 'points' && change.amendsLast === true);
