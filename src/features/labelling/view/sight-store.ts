import { create } from 'zustand';

/**
 * When the item on screen was first painted, so that nothing answers or edits an item nobody has seen: a key or a
 * click counts only once the item has been painted and shown for the labeller's look time. Earlier input is dropped
 * (never held for later: a bounced click or a key held down would answer the next item), and `refusedAt` lets the
 * workspace show that it was.
 */
interface Sight {
  readonly mediaId: string | null;
  /** Date.now() of the item's first paint; null until then. */
  readonly paintedAt: number | null;
  /** Date.now() of the last input dropped because the item was not seen long enough. */
  readonly refusedAt: number | null;
}

export const useSightStore = create<Sight>()(() => ({ mediaId: null, paintedAt: null, refusedAt: null }));

/** Whether the item has been painted and shown for `lookMs` at `now`. */
export function seenLongEnough(sight: Sight, mediaId: string, now: number, lookMs: number): boolean {
  return sight.mediaId === mediaId && sight.paintedAt !== null && now - sight.paintedAt >= lookMs;
}

/** A new item is on its way to the screen: nothing counts until it is painted. */
export function itemShown(mediaId: string) {
  if (useSightStore.getState().mediaId !== mediaId) useSightStore.setState({ mediaId, paintedAt: null, refusedAt: null });
}

/** The item's image reached the screen (the first paint counts; a sharper copy later does not restart the time). */
export function itemPainted(mediaId: string, at = Date.now()) {
  const sight = useSightStore.getState();
  if (sight.mediaId === mediaId && sight.paintedAt === null) useSightStore.setState({ paintedAt: at });
}

/**
 * Whether input may act on the item now; when it may not, the refusal is recorded for the workspace to show.
 */
export function mayAct(mediaId: string, lookMs: number, now = Date.now()): boolean {
  if (seenLongEnough(useSightStore.getState(), mediaId, now, lookMs)) return true;
  useSightStore.setState({ refusedAt: now });
  return false;
}
