'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { trackPageview } from '@/lib/analytics';
import { warmFontsWhenIdle } from '@/lib/font-loading';
import { scrollForRoute, takeScrollBehavior } from '@/lib/scroll';

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
