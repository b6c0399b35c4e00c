// Selecting, moving and deleting one mark of a list (boxes, points): shared by the types whose marks are a list.
import type { Box } from '../geometry/types';
import type { ActionContext, MarkObjects, WorkspaceAction } from '../contract/type-module';

export interface MarkList<A, T> {
  readonly marks: (annotation: A) => readonly T[];
  readonly selected: (annotation: A) => number | null;
  readonly withMarks: (annotation: A, marks: readonly T[], selected: number | null) => A;
  readonly move: (mark: T, dx: number, dy: number, bounds: Box) => T;
  readonly bounds: (annotation: A) => Box;
}

function shallowEqual(a: object, b: object): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Reflect.get(a, key) === Reflect.get(b, key));
}

/**
 * The marks of `list` that differ between two versions of an annotation, by identity (an edit replaces the marks it
 * changes), with the old and the new selected mark; null when anything besides the marks and the selection changed.
 */
export function changedMarks<A extends object, T>(list: MarkList<A, T>, before: A, after: A): number[] | null {
  const was = list.marks(before);
  const is = list.marks(after);
  if (was.length !== is.length) return null;
  if (!shallowEqual(list.withMarks(before, is, list.selected(after)), after)) return null;
  const changed = new Set<number>();
  is.forEach((mark, index) => mark !== was[index] && changed.add(index));
  const [selectedBefore, selectedAfter] = [list.selected(before), list.selected(after)];
  if (selectedBefore !== selectedAfter) {
    if (selectedBefore !== null) changed.add(selectedBefore);
    if (selectedAfter !== null) changed.add(selectedAfter);
  }
  return [...changed];
}

export function select<A, T>(list: MarkList<A, T>, annotation: A, selected: number | null): A {
  const marks = list.marks(annotation);
  const valid = selected !== null && selected >= 0 && selected < marks.length ? selected : null;
  return valid === list.selected(annotation) ? annotation : list.withMarks(annotation, marks, valid);
}

/** Selects the next (step 1) or previous (step -1) mark, wrapping around; Tab-style cycling. */
export function selectNext<A, T>(list: MarkList<A, T>, annotation: A, step: 1 | -1): A {
  const count = list.marks(annotation).length;
  if (count === 0) return annotation;
  const from = list.selected(annotation) ?? (step === 1 ? -1 : count);
  return select(list, annotation, (from + step + count) % count);
}

export function nudgeSelected<A, T>(list: MarkList<A, T>, annotation: A, dx: number, dy: number): A {
  const index = list.selected(annotation);
  const mark = index === null ? undefined : list.marks(annotation)[index];
  if (index === null || mark === undefined) return annotation;
  const marks = list.marks(annotation).slice();
  marks[index] = list.move(mark, dx, dy, list.bounds(annotation));
  return list.withMarks(annotation, marks, index);
}

/** Removes one mark; the selection stays on its mark, or moves to a neighbour when that mark goes. */
function removeMark<A, T>(list: MarkList<A, T>, annotation: A, index: number): A {
  const all = list.marks(annotation);
  if (index < 0 || index >= all.length) return annotation;
  const marks = all.filter((_, i) => i !== index);
  const selected = list.selected(annotation);
  // Keep a neighbour selected so that Delete can be pressed again and again.
  const next = selected === null ? null : selected === index ? Math.min(index, marks.length - 1) : selected > index ? selected - 1 : selected;
  return list.withMarks(annotation, marks, next === null || next < 0 ? null : next);
}

export function deleteSelected<A, T>(list: MarkList<A, T>, annotation: A): A {
  const index = list.selected(annotation);
  return index === null ? annotation : removeMark(list, annotation, index);
}

/** The object list's view of a list of selectable marks, each with its class and, while it is the model's, its probability. */
export function markObjects<A, T extends { readonly subject_uid: string; readonly probability?: number }>(
  list: MarkList<A, T>,
  noun: string,
  detail: (mark: T) => string,
): MarkObjects<A> {
  return {
    noun,
    count: (annotation) => list.marks(annotation).length,
    probability: (annotation, index) => list.marks(annotation)[index]?.probability,
    subject: (annotation, index) => list.marks(annotation)[index]?.subject_uid ?? '',
    detail: (annotation, index) => {
      const mark = list.marks(annotation)[index];
      return mark === undefined ? '' : detail(mark);
    },
    selected: list.selected,
    select: (annotation, index) => select(list, annotation, index),
    remove: (annotation, index) => removeMark(list, annotation, index),
  };
}

export const DIRECTIONS = [
  { name: 'left', key: 'ArrowLeft', dx: -1, dy: 0 },
  { name: 'right', key: 'ArrowRight', dx: 1, dy: 0 },
  { name: 'up', key: 'ArrowUp', dx: 0, dy: -1 },
  { name: 'down', key: 'ArrowDown', dx: 0, dy: 1 },
] as const;

export type Direction = (typeof DIRECTIONS)[number];

/** Arrow keys move by 1 px, Shift+arrow by 10 px. */
export function nudgeActions<A>(
  directions: readonly Direction[],
  when: ((ctx: ActionContext<A>) => boolean) | undefined,
  nudge: (annotation: A, dx: number, dy: number) => A,
): WorkspaceAction<A>[] {
  return directions.flatMap(({ name, key, dx, dy }) =>
    [1, 10].map((step) => ({
      id: step === 1 ? `nudge-${name}` : `nudge-${name}-10`,
      label: `Move ${name} ${step} px`,
      group: 'Edit',
      keys: [step === 1 ? key : `Shift+${key}`],
      when,
      perform: (ctx: ActionContext<A>) => ctx.edit((a) => nudge(a, dx * step, dy * step)),
    })),
  );
}

/** Tab cycling, Delete and arrow nudging for a list of marks. */
export function selectionActions<A, T>(list: MarkList<A, T>): WorkspaceAction<A>[] {
  const hasSelection = (ctx: ActionContext<A>) => list.selected(ctx.annotation) !== null;
  return [
    { id: 'select-next', label: 'Select next', group: 'Edit', keys: ['Tab'], perform: (ctx) => ctx.edit((a) => selectNext(list, a, 1), 'select') },
    {
      id: 'select-previous',
      label: 'Select previous',
      group: 'Edit',
      keys: ['Shift+Tab'],
      perform: (ctx) => ctx.edit((a) => selectNext(list, a, -1), 'select'),
    },
    {
      id: 'delete',
      label: 'Delete selected',
      group: 'Edit',
      keys: ['Delete', 'Backspace'],
      when: hasSelection,
      perform: (ctx) => ctx.edit((a) => deleteSelected(list, a)),
    },
    ...nudgeActions(DIRECTIONS, hasSelection, (a, dx, dy) => nudgeSelected(list, a, dx, dy)),
  ];
}
