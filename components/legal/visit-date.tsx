'use client';

import { useSyncExternalStore } from 'react';

const noop = () => () => {};
const format = (date: Date) =>
  date.toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });

/**
 * Today's date, as the visitor opens the page (the spec's "Last Updated"). The static HTML carries
 * the build's date for visitors without JavaScript; the page replaces it as soon as it runs.
 */
export function VisitDate({ buildDate }: { buildDate: string }) {
  const today = useSyncExternalStore(
    noop,
    () => format(new Date()),
    () => format(new Date(buildDate)),
  );
  return <time dateTime={buildDate}>{today}</time>;
}
