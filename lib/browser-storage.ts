/**
 * The browser's sessionStorage (this tab) or localStorage (this browser), or undefined where there
 * is none (the build, the service) or the browser refuses it (storage blocked): callers then keep
 * nothing and carry on.
 */
export function browserStorage(kind: 'session' | 'local'): Storage | undefined {
  try {
    return (kind === 'session' ? globalThis.sessionStorage : globalThis.localStorage) ?? undefined;
  } catch {
    return undefined;
  }
}
