'use client';

import { type ComponentType, lazy, Suspense, useState } from 'react';

/**
 * A part of a page that hydrates after the rest of it. The server renders it whole, so the page's
 * HTML has it and it reads (and a form takes typing and sends) before its script runs; its code is
 * asked for when hydration reaches it, and React hydrates the rest of the page (the menu, the links)
 * without waiting for it, leaving the island's HTML as it is until the code is there. The component
 * must keep what the visitor did meanwhile when it hydrates (the form engine reads the controls).
 *
 * After a client-side navigation there is no HTML to keep: the island renders without a boundary of
 * its own, so the navigation (a transition) waits for its code and the new page appears whole,
 * never without it. So an island is rendered where its page mounts it, never by a later change of
 * state, which is no transition and would suspend the page around it.
 *
 * `load` imports the component for the browser; `onServer` is the same component, required only
 * where `typeof window === 'undefined'` (Next removes that branch, and its import, from the browser's
 * script): components/forms/form-islands.tsx requires its islands' components so, from one module.
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
  const Late = onServer ?? lazy(async () => ({ default: await load() }));
  return function LateIsland(props: P) {
    // Decided once per mount: hydrating server HTML (the page is not live yet) or a navigation.
    const [hydrating] = useState(() => !globalThis.document?.documentElement.hasAttribute('data-hydrated'));
    return hydrating ? (
      <Suspense fallback={null}>
        <Late {...props} />
      </Suspense>
    ) : (
      <Late {...props} />
    );
  };
}
