'use client';

import { useSyncExternalStore } from 'react';

const noop = () => () => {};

/** The visitor's current year; the build's year in the static HTML, corrected once the page runs. */
export function CurrentYear({ buildYear }: { buildYear: number }) {
  const year = useSyncExternalStore(
    noop,
    () => new Date().getFullYear(),
    () => buildYear,
  );
  return <>{year}</>;
}
