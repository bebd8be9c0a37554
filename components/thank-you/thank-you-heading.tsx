'use client';

import { useEffect, useRef } from 'react';

/**
 * A thank-you page's heading, focused on arrival: after a form is sent the visitor lands here with
 * focus on what happened, not on the page's body.
 */
export function ThankYouHeading({ children }: { children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}
