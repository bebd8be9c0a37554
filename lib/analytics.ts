/** One entry of the analytics data layer. */
type DataLayerEvent = { event: 'pageview'; page: string } | Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: DataLayerEvent[];
  }
}

/** Pushes a pageview for `path` (path only: never a query string, which may carry personal data). */
export function trackPageview(path: string): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ event: 'pageview', page: path });
}
