'use client';

import { useSearchParams } from 'next/navigation';
import { Suspense } from 'react';
import type { Studio } from '@/content/studio';
import { courseThanks, registrationThanks, talentShowThanks } from '@/content/thank-you';
import { ThankYouPanel } from './thank-you-panel';

/** The copy of each flow that ends on /submission-successfully; none is the spec's masterclass copy. */
const byFlow = { 'talent-show': talentShowThanks, course: courseThanks } as const;

function FlowThanks({ studio }: { studio: Studio }) {
  const flow = useSearchParams().get('for');
  const copy = flow === 'talent-show' || flow === 'course' ? byFlow[flow] : registrationThanks;
  return <ThankYouPanel copy={copy} studio={studio} />;
}

/**
 * /submission-successfully: the copy follows `?for=` (talent-show, course), read in the browser so
 * the page stays one static file; the spec's masterclass copy is the default.
 */
export function RegistrationThanks({ studio }: { studio: Studio }) {
  return (
    <Suspense fallback={<ThankYouPanel copy={registrationThanks} studio={studio} />}>
      <FlowThanks studio={studio} />
    </Suspense>
  );
}
