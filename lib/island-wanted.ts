/** The first touches that say a visitor is about to use a part of the page. */
const touches = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/** How long an idle callback may wait before it runs anyway, in milliseconds. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Resolves when a part of the page hydrated late should load its code: at once on the server and
 * after a client-side navigation (the page is already live, `<html data-hydrated>`); otherwise at the
 * visitor's first touch (a press, a key, a focus) or once the page has loaded and the phone is idle,
 * whichever comes first. `win` is the browser's window, undefined on the server.
 */
export function whenIslandWanted(win: Window | undefined): Promise<void> {
  if (!win || win.document.documentElement.hasAttribute('data-hydrated')) return Promise.resolve();
  return new Promise((resolve) => {
    const wanted = () => {
      for (const type of touches) win.removeEventListener(type, wanted, true);
      resolve();
    };
    for (const type of touches) win.addEventListener(type, wanted, { capture: true, passive: true });
    const whenIdle = () =>
      typeof win.requestIdleCallback === 'function'
        ? win.requestIdleCallback(wanted, { timeout: IDLE_TIMEOUT_MS })
        : win.setTimeout(wanted, 0);
    if (win.document.readyState === 'complete') whenIdle();
    else win.addEventListener('load', whenIdle, { once: true });
  });
}
