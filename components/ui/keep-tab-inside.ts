import type { KeyboardEvent } from 'react';

/**
 * Keeps Tab inside a dialog: Tab on the last of `items` goes to the first, Shift+Tab on the first
 * goes to the last, and from outside the dialog either lands inside it. Call it for Tab keys only.
 */
export function keepTabInside(event: KeyboardEvent<HTMLElement>, items: readonly HTMLElement[]): void {
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  const outside = !event.currentTarget.contains(active);
  if (event.shiftKey && (active === first || outside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || outside)) {
    event.preventDefault();
    first.focus();
  }
}
