'use client';

import { useEffect, useState } from 'react';
import { onServiceOrigin, serviceHref } from '@/lib/service-client';

/**
 * The dashboard works on the service's own origin only (its sign-in cookie is SameSite=Strict and
 * never crosses origins). Pages on a static host (NEXT_PUBLIC_SERVICE_URL elsewhere) send staff
 * there, keeping the view and query; on the service's origin the dashboard shows.
 */
export function OnServiceOrigin({ children }: { children: React.ReactNode }) {
  const [elsewhere, setElsewhere] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (onServiceOrigin()) return;
    const target = serviceHref(`${window.location.pathname}${window.location.search}` as `/${string}`);
    setElsewhere(target);
    window.location.replace(target);
  }, []);
  if (elsewhere)
    return (
      <p role="status">
        The staff dashboard lives on the service: <a href={elsewhere}>{elsewhere}</a>
      </p>
    );
  return children;
}
