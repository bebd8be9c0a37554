'use client';

import { type ReactNode, useEffect, useState } from 'react';
import type { HeldBooking } from '@/lib/bookings/booking-contract';
import { readHeld } from '@/lib/bookings/bookings-client';

type Shown =
  | { kind: 'reading' }
  | { kind: 'missing' }
  | { kind: 'failed'; message: string }
  | { kind: 'held'; facts: HeldBooking };

/**
 * The held booking the page's address names (`?reference=…`), read from the service once, shown by
 * `children`; meanwhile, or when the address names none or the service cannot say, the page's own
 * words. One live region from the first render, so what replaces "Reading…" is announced. The held
 * booking's page and the deposit's page both read their booking here.
 */
export function HeldBookingReader({
  words,
  children,
}: {
  words: { readonly loading: string; readonly missing: string };
  children: (facts: HeldBooking) => ReactNode;
}) {
  const [shown, setShown] = useState<Shown>({ kind: 'reading' });
  useEffect(() => {
    const reference = new URLSearchParams(window.location.search).get('reference')?.trim().toUpperCase() ?? '';
    if (reference === '') {
      setShown({ kind: 'missing' });
      return;
    }
    let live = true;
    void readHeld(reference).then((read) => {
      if (live) setShown(read.ok ? { kind: 'held', facts: read.value } : { kind: 'failed', message: read.message });
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <div aria-live="polite">
      {shown.kind === 'held' ? (
        children(shown.facts)
      ) : (
        <p>{shown.kind === 'reading' ? words.loading : shown.kind === 'missing' ? words.missing : shown.message}</p>
      )}
    </div>
  );
}
