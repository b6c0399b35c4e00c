import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { MAX_FEEDBACK_PULL } from '../api/endpoints/feedback';

/** A person's settings for this browser, kept across sessions. */
interface Preferences {
  /** How many items a labelling queue asks the service for at a time, 1..MAX_FEEDBACK_PULL. */
  readonly itemsPerPull: number;
  /** The subject each tenant's Upload page last sent images to, so it is chosen again (never a guess). */
  readonly uploadSubjects: Readonly<Record<string, string>>;
}

export const DEFAULT_ITEMS_PER_PULL = 5;

export const usePreferences = create<Preferences>()(
  persist((): Preferences => ({ itemsPerPull: DEFAULT_ITEMS_PER_PULL, uploadSubjects: {} }), {
    name: 'looplabel-preferences',
    storage: createJSONStorage(() => localStorage),
  }),
);

export function setItemsPerPull(size: number) {
  const itemsPerPull = Number.isFinite(size) ? Math.min(MAX_FEEDBACK_PULL, Math.max(1, Math.round(size))) : DEFAULT_ITEMS_PER_PULL;
  usePreferences.setState({ itemsPerPull });
}

export function setUploadSubject(tenantId: string, subjectUid: string) {
  usePreferences.setState((state) => ({ uploadSubjects: { ...state.uploadSubjects, [tenantId]: subjectUid } }));
}
