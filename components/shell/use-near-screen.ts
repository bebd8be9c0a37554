'use client';

import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether `place` has come within `margin` px of the screen (once true, it stays true). A browser's
 * own lazy loading starts far ahead (1,250–2,500 px for an iframe) and not at all for a video's
 * `src`; this is for what must not load with the first screen on a slow phone. True at once where
 * IntersectionObserver is missing.
 */
export function useNearScreen(place: RefObject<Element | null>, margin = 600): boolean {
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = place.current;
    if (!element || near) return;
    if (!('IntersectionObserver' in window)) {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [place, margin, near]);

  return near;
}
