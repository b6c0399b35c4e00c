import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { applyToolChange } from '../contract/tool-runner';
import type { History } from './history';
import { canRedo, canUndo, commit, redo, replace, resumeHistory, undo } from './history';
import type { Change } from '../contract/tool-events';
import type { Annotation, AnyTypeModule, Edit } from '../contract/type-module';
import type { EditedItem } from './use-drafts';

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

const NO_STEPS: Pick<EditedItem, 'past' | 'future'> = { past: [], future: [] };

/**
 * Undo history for one item; it starts over from `initial` (with the undo and redo `steps` of a draft) whenever
 * `itemKey` changes. `onEdited` hears every change the person made (not the start), with its steps, for keeping
 * drafts. `view` (the confidence floor) shapes what is shown and edited without being an edit itself: moving the
 * floor writes no history and no draft, and an undone state is shown at today's floor.
 */
export function useItemEditor(
  module: AnyTypeModule,
  itemKey: string,
  initial: Annotation,
  onEdited?: (item: EditedItem) => void,
  view: (annotation: Annotation) => Annotation = asItIs,
  steps: Pick<EditedItem, 'past' | 'future'> = NO_STEPS,
): ItemEditor {
  const start = () => ({ key: itemKey, history: resumeHistory(steps.past, initial, steps.future) });
  const [state, setState] = useState<ItemState>(start);
  const current = state.key === itemKey ? state : start();
  if (current !== state) setState(current);

  const { history } = current;
  const begun = useRef({ key: itemKey, history });
  if (begun.current.key !== itemKey) begun.current = { key: itemKey, history };
  const listener = useRef(onEdited);
  useEffect(() => {
    listener.current = onEdited;
  });
  useEffect(() => {
    if (history !== begun.current.history) listener.current?.({ past: history.past, present: history.present, future: history.future });
  }, [history]);
  const present = history.present;

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
