'use client';
import { useSyncExternalStore } from 'react';

const noChange = () => () => {};

/** False during the server render and hydration, true once the page's script runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
}
