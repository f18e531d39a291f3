/**
 * Whether an element's content runs past its right edge (more columns to scroll to), read again
 * when it scrolls or changes size. The scoreboard shows a cue while it is so.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useSidewaysOverflow<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [more, setMore] = useState(false);
  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    // a pixel of slack: widths are fractional and the scroll position rounds
    setMore(element.scrollLeft + element.clientWidth < element.scrollWidth - 1);
  }, []);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const observer =
      typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      element.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [measure]);
  return { ref, more };
}
