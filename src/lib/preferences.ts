import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { MAX_FEEDBACK_PULL } from '../api/endpoints/feedback';

/** A person's settings for this browser, kept across sessions. */
interface Preferences {
  /** How many items a labelling queue asks the service for at a time, 1..MAX_FEEDBACK_PULL. */
  readonly itemsPerPull: number;
}

export const DEFAULT_ITEMS_PER_PULL = 5;

export const usePreferences = create<Preferences>()(
  persist((): Preferences => ({ itemsPerPull: DEFAULT_ITEMS_PER_PULL }), {
    name: 'looplabel-preferences',
    storage: createJSONStorage(() => localStorage),
  }),
);

export function setItemsPerPull(size: number) {
  const itemsPerPull = Number.isFinite(size) ? Math.min(MAX_FEEDBACK_PULL, Math.max(1, Math.round(size))) : DEFAULT_ITEMS_PER_PULL;
  usePreferences.setState({ itemsPerPull });
}
