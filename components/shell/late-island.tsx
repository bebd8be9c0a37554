'use client';

import { type ComponentType, lazy, Suspense } from 'react';
import { whenIslandWanted } from '@/lib/island-wanted';

/**
 * A part of a page that hydrates after the rest of it. The server renders it whole, so the page's
 * HTML has it and it reads (and a form takes typing and sends) before its script runs; its code
 * loads at the visitor's first touch or when the phone is idle (lib/island-wanted.ts), so the page's
 * own script (the menu, the links) is not held up by it. Until then React leaves its HTML as it is.
 * The component must keep what the visitor did meanwhile when it hydrates (the form engine reads
 * the controls).
 *
 * `load` imports the component for the browser; `onServer` is the same component, required only
 * where `typeof window === 'undefined'` (Next removes that branch, and its import, from the browser's
 * script): `typeof window === 'undefined' ? require('./query-form').QueryForm : undefined`.
 */
export function lateIsland<P extends object>(
  load: () => Promise<ComponentType<P>>,
  onServer: ComponentType<P> | undefined,
): ComponentType<P> {
  // The server renders the component itself: a lazy one would suspend there, and React would then
  // send the island's HTML after the page's, in a hidden block that only a script puts in place.
  if (typeof window === 'undefined' && typeof onServer !== 'function') {
    throw new Error(`A late island has no component to render on the server (${typeof onServer}).`);
  }
  const Late =
    onServer ??
    lazy(async () => {
      await whenIslandWanted(globalThis.window);
      return { default: await load() };
    });
  return function LateIsland(props: P) {
    return (
      <Suspense fallback={null}>
        <Late {...props} />
      </Suspense>
    );
  };
}
