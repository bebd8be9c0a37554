'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { trackPageview } from '@/lib/analytics';
import { warmFonts } from '@/lib/font-loading';
import { scrollForRoute, takeScrollBehavior } from '@/lib/scroll';

/** Once the page has loaded and the phone is idle: the site's font into the cache, for the next page. */
function warmFontsWhenIdle(fontFamily: string): () => void {
  // Safari has no requestIdleCallback.
  const { requestIdleCallback: onIdle, cancelIdleCallback: cancelIdle } = window as Partial<Window>;
  let cancel = () => {};
  const warm = () => void warmFonts(fontFamily, { fonts: document.fonts, storage: localStorageOrUndefined() });
  const whenIdle = () => {
    if (onIdle && cancelIdle) {
      const id = onIdle(warm, { timeout: 5000 });
      cancel = () => cancelIdle(id);
    } else {
      const id = window.setTimeout(warm, 1000);
      cancel = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return () => {
    window.removeEventListener('load', whenIdle);
    cancel();
  };
}

/** localStorage, or undefined where the browser refuses it (storage blocked). */
function localStorageOrUndefined(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * On every route change (and the first load): scroll to the top, or the hash target, and record a
 * pageview. Once per page load: the site's font into the cache when idle (`fontFamily`, Inter's
 * CSS family list).
 */
export function RouteEffects({ fontFamily }: { fontFamily: string }) {
  const pathname = usePathname() ?? '/';
  const lastTracked = useRef<string | null>(null);
  const firstRender = useRef(true);

  // The page has hydrated: the browser tests wait for this mark after each page load (pages paint
  // before their scripts run).
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);

  useEffect(() => warmFontsWhenIdle(fontFamily), [fontFamily]);

  useEffect(() => {
    if (lastTracked.current === pathname) return;
    lastTracked.current = pathname;
    const behavior = takeScrollBehavior();
    // On the first load the browser already restores the position or jumps to the hash.
    if (!firstRender.current) scrollForRoute(window.location.hash, behavior);
    firstRender.current = false;
    trackPageview(pathname);
  }, [pathname]);

  return null;
}
