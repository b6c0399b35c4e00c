import { useCallback, useEffect, useState } from 'react';

/** Kept free under the element, for the page's bottom padding. */
const MARGIN_PX = 16;

/**
 * The height from the element's top (where the page is scrolled to its top) to the window's bottom, measured again
 * when the window is resized or what holds the element changes size (a legend that appears above it); null until the
 * element is there. What the page shows above the element (a header that wraps, a legend) is measured, not guessed.
 */
export function useSpaceBelow(): [(element: HTMLElement | null) => void, number | null] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [space, setSpace] = useState<number | null>(null);
  const measure = useCallback(() => {
    if (!element) return;
    let top = element.getBoundingClientRect().top;
    for (let parent = element.parentElement; parent; parent = parent.parentElement) top += parent.scrollTop;
    setSpace(Math.max(0, window.innerHeight - top - MARGIN_PX));
  }, [element]);
  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    const holder = element?.parentElement;
    const observer = holder && typeof ResizeObserver !== 'undefined' ? new ResizeObserver(measure) : null;
    if (holder) observer?.observe(holder);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [measure, element]);
  return [setElement, space];
}
