// Undo/redo of one item's annotation. Entries are whole annotation values, which stay cheap because an edit
// replaces only what it touches (a moved box is a new array sharing every other box object), and tools commit
// once per gesture, not per pointer move.

export interface History<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
  readonly limit: number;
}

const DEFAULT_HISTORY_LIMIT = 100;

export const createHistory = <T>(initial: T, limit = DEFAULT_HISTORY_LIMIT): History<T> => ({
  past: [],
  present: initial,
  future: [],
  limit,
});

/** A history kept elsewhere (a draft), taken up again with its undo and redo steps. */
export const resumeHistory = <T>(past: readonly T[], present: T, future: readonly T[], limit = DEFAULT_HISTORY_LIMIT): History<T> => ({
  past: past.slice(-limit),
  present,
  future: future.slice(0, limit),
  limit,
});

/** One undo step; the oldest step is dropped beyond the limit. Committing the present value is a no-op. */
export function commit<T>(history: History<T>, next: T): History<T> {
  if (Object.is(next, history.present)) return history;
  const past = [...history.past, history.present].slice(-history.limit);
  return { ...history, past, present: next, future: [] };
}

/** Changes the present without an undo step (for example the selection). */
export const replace = <T>(history: History<T>, next: T): History<T> => ({ ...history, present: next });

export const canUndo = (history: History<unknown>) => history.past.length > 0;
export const canRedo = (history: History<unknown>) => history.future.length > 0;

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return { ...history, past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...future] = history.future;
  if (next === undefined) return history;
  return { ...history, past: [...history.past, history.present], present: next, future };
}
