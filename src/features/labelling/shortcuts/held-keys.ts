import { useEffect, useState } from 'react';
import type { KeyboardEventLike } from '../../../lib/shortcuts/registry';

/**
 * Held presses wait this long at most without one being held or performed: a press older than that was not meant
 * for the item whose image shows then (it failed to load, or the labeller went on with the mouse).
 */
const STALE_MS = 10_000;
/** A key held down repeats; more presses than this are not a labeller's. */
const MAX_HELD = 100;

/** A key press the workspace acts on: none that a dialog owns, or that something else took already. */
export const forWorkspace = (event: KeyboardEvent) =>
  !event.defaultPrevented && !(event.target instanceof Element && event.target.closest('dialog'));

/**
 * Key presses that wait for the next item's image, to be performed in order once it is on screen: nobody answers an
 * item they have not seen, and no press of a labeller working fast is lost.
 */
export class HeldKeys {
  private presses: KeyboardEventLike[] = [];
  private lastChange = 0;
  private workspace: 'none yet' | 'attached' | 'left' = 'none yet';

  /** A workspace takes the key presses from now on. */
  attach() {
    this.workspace = 'attached';
  }

  detach() {
    this.workspace = 'left';
  }

  /** A workspace left for the next item: its page holds the presses (none is held before the first item shows). */
  get betweenItems(): boolean {
    return this.workspace === 'left';
  }

  hold(press: KeyboardEventLike, now = Date.now()) {
    this.forgetStale(now);
    if (this.presses.length < MAX_HELD) this.presses.push(press);
    this.lastChange = now;
  }

  /** Whether presses wait: a new one goes behind them. */
  waiting(now = Date.now()): boolean {
    this.forgetStale(now);
    return this.presses.length > 0;
  }

  /** Takes the oldest press out. */
  take(now = Date.now()): KeyboardEventLike | undefined {
    this.forgetStale(now);
    this.lastChange = now;
    return this.presses.shift();
  }

  clear() {
    this.presses = [];
  }

  private forgetStale(now: number) {
    if (now - this.lastChange > STALE_MS) this.clear();
  }
}

/**
 * The queue page's held keys: while no workspace is mounted (the items in hand were answered, more are on their way),
 * key presses wait for the next one. None waits while the page says that nothing is coming.
 */
export function useHeldKeys(nothingComing: boolean): HeldKeys {
  const [held] = useState(() => new HeldKeys());
  useEffect(() => {
    if (nothingComing) return held.clear();
    const hold = (event: KeyboardEvent) => {
      if (held.betweenItems && forWorkspace(event)) held.hold(event);
    };
    window.addEventListener('keydown', hold);
    return () => window.removeEventListener('keydown', hold);
  }, [held, nothingComing]);
  return held;
}
