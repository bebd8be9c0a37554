/**
 * How the next route change scrolls to the top. Links that ask for a smooth scroll set it just
 * before navigating; the route-change effect reads it once and goes back to an instant jump.
 */
let nextBehavior: ScrollBehavior = 'instant';

/** Asks the next route change to scroll to the top smoothly. */
export function requestSmoothScroll(): void {
  nextBehavior = 'smooth';
}

/** The behaviour for this route change, resetting the request. */
export function takeScrollBehavior(): ScrollBehavior {
  const behavior = nextBehavior;
  nextBehavior = 'instant';
  return behavior;
}

/** Scrolls to the top of the page, or to the element of `hash` when there is one. */
export function scrollForRoute(hash: string, behavior: ScrollBehavior): void {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  const target = id ? document.getElementById(id) : null;
  if (target) target.scrollIntoView({ behavior: behavior === 'instant' ? 'smooth' : behavior, block: 'start' });
  else window.scrollTo({ top: 0, left: 0, behavior });
}
