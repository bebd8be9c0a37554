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

/**
 * `behavior`, except that a smooth scroll becomes an instant jump for visitors who ask the system
 * for reduced motion (CSS `scroll-behavior` does not reach scrolls that pass `behavior: 'smooth'`).
 * Every scroll started from JavaScript goes through this.
 */
export function motionSafe(behavior: ScrollBehavior): ScrollBehavior {
  if (behavior !== 'smooth' || typeof window === 'undefined') return behavior;
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'instant' : 'smooth';
}

/** Scrolls to the top of the page, or to the element of `hash` when there is one. */
export function scrollForRoute(hash: string, behavior: ScrollBehavior): void {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  const target = id ? document.getElementById(id) : null;
  if (target)
    target.scrollIntoView({ behavior: motionSafe(behavior === 'instant' ? 'smooth' : behavior), block: 'start' });
  else window.scrollTo({ top: 0, left: 0, behavior: motionSafe(behavior) });
}
