import { create } from 'zustand';

/** The media items a manager picked on one application's Detections page, to queue for labelling. */
interface DetectionSelection {
  readonly appId: string | null;
  readonly mediaIds: ReadonlySet<string>;
}

export const useDetectionSelection = create<DetectionSelection>()(() => ({ appId: null, mediaIds: new Set() }));

export function toggleSelected(appId: string, mediaId: string) {
  useDetectionSelection.setState((state) => {
    const mediaIds = new Set(state.appId === appId ? state.mediaIds : []);
    if (mediaIds.has(mediaId)) mediaIds.delete(mediaId);
    else mediaIds.add(mediaId);
    return { appId, mediaIds };
  });
}

export const clearSelection = () => useDetectionSelection.setState({ appId: null, mediaIds: new Set() });

export const selectIsSelected = (appId: string, mediaId: string) => (state: DetectionSelection) => state.appId === appId && state.mediaIds.has(mediaId);

export const selectSelectedIds = (appId: string) => (state: DetectionSelection) => (state.appId === appId ? state.mediaIds : NONE);
const NONE: ReadonlySet<string> = new Set();
