import type { Focus } from './primitives';

/** The text that identifies a focus in keys and indexes: '' for the whole media. The service keys items by it too. */
export function focusKey(focus: Focus | null | undefined): string {
  if (!focus) return '';
  const { x0, y0, x1, y1 } = focus.box;
  return `${x0},${y0},${x1},${y1}`;
}
