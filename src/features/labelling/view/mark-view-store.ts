import { create } from 'zustand';

export type ObjectOrder = 'drawn' | 'least-confident' | 'most-confident';

/**
 * How the marks of the item on screen are viewed, apart from the annotation: the one under the pointer (on the
 * canvas or in the object list, highlighted in both), those hidden to see what lies beneath, and the object
 * list's order. Hiding changes nothing in the answer.
 */
interface MarkViewState {
  readonly itemKey: string | null;
  readonly hovered: number | null;
  readonly hidden: ReadonlySet<number>;
  readonly order: ObjectOrder;
}

const NONE: ReadonlySet<number> = new Set();

export const useMarkView = create<MarkViewState>(() => ({ itemKey: null, hovered: null, hidden: NONE, order: 'drawn' }));

/** A new item, or marks added or taken away (indices move): nothing is hovered or hidden any more. */
export function resetMarkView(itemKey: string) {
  if (useMarkView.getState().itemKey !== itemKey) useMarkView.setState({ itemKey, hovered: null, hidden: NONE });
}

export function hoverMark(index: number | null) {
  if (useMarkView.getState().hovered !== index) useMarkView.setState({ hovered: index });
}

export function toggleMarkHidden(index: number) {
  const hidden = new Set(useMarkView.getState().hidden);
  if (!hidden.delete(index)) hidden.add(index);
  useMarkView.setState({ hidden });
}

export function orderObjects(order: ObjectOrder) {
  useMarkView.setState({ order });
}
