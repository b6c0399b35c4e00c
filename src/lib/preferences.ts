import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { MAX_FEEDBACK_PULL } from '../api/endpoints/feedback';

/** A person's settings for this browser, kept across sessions. */
interface Preferences {
  /** How many items a labelling queue asks the service for at a time, 1..MAX_FEEDBACK_PULL. */
  readonly itemsPerPull: number;
  /** The subject each tenant's Upload page last sent images to, so it is chosen again (never a guess). */
  readonly uploadSubjects: Readonly<Record<string, string>>;
  /** Each application's confidence floor in the labelling workspace (by application id): the model's marks under it are hidden. */
  readonly confidenceFloors: Readonly<Record<string, number>>;
  /** How long an item is on screen, painted, before a key or click answers or edits it (ms). */
  readonly lookMs: number;
}

export const DEFAULT_ITEMS_PER_PULL = 5;
/** About the time a person needs to take in an image before acting on it (a glance: 200–300 ms). */
const DEFAULT_LOOK_MS = 250;
export const MAX_LOOK_MS = 1_000;

export const usePreferences = create<Preferences>()(
  persist((): Preferences => ({ itemsPerPull: DEFAULT_ITEMS_PER_PULL, uploadSubjects: {}, confidenceFloors: {}, lookMs: DEFAULT_LOOK_MS }), {
    name: 'looplabel-preferences',
    storage: createJSONStorage(() => localStorage),
  }),
);

export function setItemsPerPull(size: number) {
  const itemsPerPull = Number.isFinite(size) ? Math.min(MAX_FEEDBACK_PULL, Math.max(1, Math.round(size))) : DEFAULT_ITEMS_PER_PULL;
  usePreferences.setState({ itemsPerPull });
}

export function setLookMs(ms: number) {
  const lookMs = Number.isFinite(ms) ? Math.min(MAX_LOOK_MS, Math.max(0, Math.round(ms))) : DEFAULT_LOOK_MS;
  usePreferences.setState({ lookMs });
}

export function setUploadSubject(tenantId: string, subjectUid: string) {
  usePreferences.setState((state) => ({ uploadSubjects: { ...state.uploadSubjects, [tenantId]: subjectUid } }));
}

/** Where an application has none: every proposal shows. */
const DEFAULT_CONFIDENCE_FLOOR = 0;

/** The application's confidence floor, from 0 to 1 in whole percents. */
export function setConfidenceFloor(appId: string, floor: number) {
  const clamped = Number.isFinite(floor) ? Math.min(1, Math.max(0, Math.round(floor * 100) / 100)) : DEFAULT_CONFIDENCE_FLOOR;
  usePreferences.setState((state) => ({ confidenceFloors: { ...state.confidenceFloors, [appId]: clamped } }));
}

export const selectConfidenceFloor = (appId: string) => (state: Preferences) => state.confidenceFloors[appId] ?? DEFAULT_CONFIDENCE_FLOOR;
