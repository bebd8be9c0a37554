/**
 * The Google Tag Manager loader, rendered only when GTM_ID is configured. Pageviews are pushed to
 * window.dataLayer by RouteEffects whether or not the tag is loaded.
 */
export function AnalyticsTag({ gtmId }: { gtmId: string }) {
  const init = `window.dataLayer=window.dataLayer||[];window.dataLayer.push({'gtm.start':Date.now(),event:'gtm.js'});`;
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant snippet with no visitor input; the server's CSP lists its hash. */}
      <script dangerouslySetInnerHTML={{ __html: init }} />
      <script async src={`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`} />
    </>
  );
}
