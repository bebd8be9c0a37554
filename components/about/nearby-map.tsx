'use client';

import { type ReactNode, useRef } from 'react';
import { useNearScreen } from '@/components/shell/use-near-screen';

/**
 * The map's iframe, added once its place comes within 600 px of the screen. A browser's own
 * `loading="lazy"` starts an iframe 1,250–2,500 px ahead, which on a phone means at the first
 * paint of /about: the map host's page and scripts then compete with the page's own text and
 * images on a slow network, and the visitor's address reaches the map host before they scroll to
 * it. The place keeps the map's height, so nothing moves when it arrives; without JavaScript the
 * iframe in <noscript> loads as the browser decides. `className` styles the place (and its focus ring).
 */
export function NearbyMap({ className, children }: { className?: string; children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const near = useNearScreen(place);

  return (
    <div ref={place} className={className}>
      {near ? children : <noscript>{children}</noscript>}
    </div>
  );
}
