import { useLayoutEffect, useState } from 'react';
import { usePreferences } from '../../../lib/preferences';
import { itemShown, mayAct, useSightStore } from '../view/sight-store';

export interface ItemSight {
  /** Input that answers or edits counts only on an item painted and shown for the look time (else it is dropped, with a cue). */
  maySee(): boolean;
  /** When the item was first painted (decision_time runs from there), else when it was first rendered. */
  shownAt(): number;
}

/** The look-time gate (view/sight-store.ts) for the item on screen. */
export function useItemSight(mediaId: string): ItemSight {
  const [shown, setShown] = useState({ mediaId, at: Date.now() });
  if (shown.mediaId !== mediaId) setShown({ mediaId, at: Date.now() });
  const lookMs = usePreferences((s) => s.lookMs);
  useLayoutEffect(() => itemShown(mediaId), [mediaId]);
  return {
    maySee: () => mayAct(mediaId, lookMs),
    shownAt: () => useSightStore.getState().paintedAt ?? shown.at,
  };
}
