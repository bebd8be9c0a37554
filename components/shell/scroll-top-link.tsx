'use client';

import { SiteLink } from '@/components/shell/site-link';
import { usePathname } from 'next/navigation';
import type { ComponentProps } from 'react';
import { motionSafe, requestSmoothScroll } from '@/lib/scroll';

/** A link that scrolls smoothly to the top of the page it opens (or of this page, if it is the same). */
export function ScrollTopLink({ href, onClick, ...rest }: ComponentProps<typeof SiteLink> & { href: string }) {
  const pathname = usePathname();
  return (
    <SiteLink
      href={href}
      scroll={false}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented) return;
        if (pathname === href) window.scrollTo({ top: 0, behavior: motionSafe('smooth') });
        else requestSmoothScroll();
      }}
      {...rest}
    />
  );
}
