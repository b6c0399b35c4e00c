import { useEffect, useState } from 'react';
import type { Size } from '../geometry/types';

const FALLBACK: Size = { width: 800, height: 600 };

export interface Viewport {
  readonly size: Size;
  /** False while `size` is only the guess made before the element was laid out. */
  readonly measured: boolean;
}

/**
 * The element's content size, following resizes. Where ResizeObserver is missing (as in jsdom) the fallback is
 * all there will be, so it counts as measured.
 */
export function useViewportSize(element: HTMLElement | null): Viewport {
  const [viewport, setViewport] = useState<Viewport>({ size: FALLBACK, measured: typeof ResizeObserver === 'undefined' });
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      if (width > 0 && height > 0) setViewport({ size: { width: Math.floor(width), height: Math.floor(height) }, measured: true });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return viewport;
}
