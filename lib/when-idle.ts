/**
 * Runs `task` once the page has loaded and the phone is idle (a second after the load where the
 * browser has no requestIdleCallback: Safari). Returns how to cancel it, for a React effect's
 * cleanup. For work a visit may want soon but its first paint and hydration do not.
 */
export function whenIdle(task: () => void): () => void {
  const { requestIdleCallback: onIdle, cancelIdleCallback: cancelIdle } = window as Partial<Window>;
  let cancel = () => {};
  const schedule = () => {
    if (onIdle && cancelIdle) {
      const id = onIdle(task, { timeout: 5000 });
      cancel = () => cancelIdle(id);
    } else {
      const id = window.setTimeout(task, 1000);
      cancel = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancel();
  };
}
