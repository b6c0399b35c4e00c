import { useEffect, useState } from 'react';
import type { Size } from '../geometry/types';

const FALLBACK: Size = { width: 800, height: 600 };

/** The element's content size, following resizes (a fixed fallback where ResizeObserver is missing, as in jsdom). */
export function useViewportSize(element: HTMLElement | null): Size {
  const [size, setSize] = useState<Size>(FALLBACK);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      if (width > 0 && height > 0) setSize({ width: Math.floor(width), height: Math.floor(height) });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}
