'use client';

import type { ComponentProps, MouseEvent } from 'react';

/** A click that a page may take over: the main button, no modifier key (those open a tab or window). */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** Whether an address is on the page shown now: the dashboard is the page of the path's first part. */
const onThisPage = (href: string) =>
  new URL(href, window.location.href).pathname.split('/')[1] === window.location.pathname.split('/')[1];

/**
 * A link to a view of the dashboard or to a submission in one. The dashboard is one page that shows
 * the view its address names, so a plain click on it only changes the address with
 * `history.pushState`, which Next's router follows (usePathname and useSearchParams see it), and
 * fetches nothing: the view opens at once, also on a phone at the door. Any other click, a link from
 * another page (the pro audio form's table) and a page without JavaScript follow the link as usual;
 * the server answers every nested path with the dashboard's page.
 */
export function ViewLink({ href, onClick, ...rest }: ComponentProps<'a'> & { href: string }) {
  return (
    <a
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event) || !onThisPage(href)) return;
        event.preventDefault();
        window.history.pushState(null, '', href);
        window.scrollTo(0, 0);
      }}
      {...rest}
    />
  );
}
