import { useCallback, useEffect, useState } from 'react';

/** Kept free under the element. */
const MARGIN_PX = 8;

const scrolls = (element: HTMLElement) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowY);

/**
 * The height from the element's top (where the page is scrolled to its top) to the bottom of the area it scrolls in
 * (inside its padding; the window when nothing scrolls), measured again when the window is resized or what holds the
 * element changes size (a legend that appears above it); null until the element is there. What the page shows
 * around the element (a header that wraps, a legend, a footer) is measured, not guessed.
 */
export function useSpaceBelow(): [(element: HTMLElement | null) => void, number | null] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [space, setSpace] = useState<number | null>(null);
  const measure = useCallback(() => {
    if (!element) return;
    let top = element.getBoundingClientRect().top;
    let scroller: HTMLElement | null = null;
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      top += parent.scrollTop;
      scroller ??= scrolls(parent) ? parent : null;
    }
    const bottom = scroller ? scroller.getBoundingClientRect().bottom - parseFloat(getComputedStyle(scroller).paddingBottom) : window.innerHeight;
    setSpace(Math.max(0, bottom - top - MARGIN_PX));
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
