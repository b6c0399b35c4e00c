// The class new marks get, per application, for the session: picked once, it stays as the labeller moves from item
// to item (keys 1–9 or the class picker).
import { create } from 'zustand';

interface DrawClassState {
  /** Application id → the subject uid new marks get. */
  readonly byApp: Readonly<Record<string, string>>;
}

export const useDrawClassStore = create<DrawClassState>(() => ({ byApp: {} }));

export function pickDrawClass(appId: string, subjectUid: string) {
  if (useDrawClassStore.getState().byApp[appId] === subjectUid) return;
  useDrawClassStore.setState((state) => ({ byApp: { ...state.byApp, [appId]: subjectUid } }));
}

/** The class new marks get in this application: the one picked, while it is still one of `classes`, else the first. */
export function useDrawClass(appId: string, classes: readonly string[]): string | null {
  const picked = useDrawClassStore((state) => state.byApp[appId]);
  return picked !== undefined && classes.includes(picked) ? picked : (classes[0] ?? null);
}
