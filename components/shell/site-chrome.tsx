'use client';

import { useSelectedLayoutSegment } from 'next/navigation';
import type { ReactNode } from 'react';

/**
 * The public site's navbar, banner and footer around every page but the staff dashboard
 * (/dashboard-<slug>/…), which has a layout of its own. Decided from the route's first segment,
 * so the dashboard's pre-rendered HTML holds none of them.
 */
export function SiteChrome({ top, bottom, children }: { top: ReactNode; bottom: ReactNode; children: ReactNode }) {
  const staff = useSelectedLayoutSegment()?.startsWith('dashboard-') ?? false;
  return (
    <>
      {staff ? null : top}
      {children}
      {staff ? null : bottom}
    </>
  );
}
