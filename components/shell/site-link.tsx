'use client';

import Link from 'next/link';
import { type ComponentProps, useState } from 'react';

/**
 * The site's `<Link>` (the only importer of next/link; Biome's noRestrictedImports holds the others
 * to it): a client-side navigation that fetches the linked route's payload and scripts only once the
 * visitor shows intent — a pointer over it, a finger down on it, or keyboard focus — instead of as
 * soon as it scrolls into view. Next's viewport prefetching fetched every linked route of the
 * navbar, footer and page on a phone (`/my-registration`: 17 scripts, 256 KB, and 19 payloads, 53 KB,
 * after hydration), over the 300 KB a phone should transfer before a page is idle. `prefetch={false}`
 * stops both viewport and hover prefetching in the App Router, so intent switches it back to the
 * default (`null`) and Next prefetches then; a click without it still navigates on the client, the
 * payload fetched at the click (docs: node_modules/next/dist/docs/01-app/02-guides/prefetching.md).
 */
export function SiteLink({
  onPointerEnter,
  onTouchStart,
  onFocus,
  ...rest
}: Omit<ComponentProps<typeof Link>, 'prefetch'>) {
  const [intent, setIntent] = useState(false);
  return (
    <Link
      prefetch={intent ? null : false}
      onPointerEnter={(event) => {
        setIntent(true);
        onPointerEnter?.(event);
      }}
      onTouchStart={(event) => {
        setIntent(true);
        onTouchStart?.(event);
      }}
      onFocus={(event) => {
        setIntent(true);
        onFocus?.(event);
      }}
      {...rest}
    />
  );
}
