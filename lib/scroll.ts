/**
 * How the next route change scrolls to the top. Links that ask for a smooth scroll mark the page
 * (`data-next-scroll` on <html>) just before navigating; the route-change effect reads the mark once
 * and goes back to an instant jump. The page holds the request, not this module.
 */
export function requestSmoothScroll(root: HTMLElement = document.documentElement): void {
  root.dataset.nextScroll = 'smooth';
}

/** The behaviour for this route change, clearing the request. */
export function takeScrollBehavior(root: HTMLElement = document.documentElement): ScrollBehavior {
  const behavior = root.dataset.nextScroll === 'smooth' ? 'smooth' : 'instant';
  delete root.dataset.nextScroll;
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
