import { expect, test } from './fixtures';
import { routes } from '../../lib/routes';

/**
 * Every route of the table loads without a console error or a failed request to the site (including
 * the prefetches of the page's links, which SiteLink runs on the visitor's intent: here keyboard focus
 * on each link in turn, which also brings it into view). Requests to other
 * hosts are left out: the test browser is offline by design (tests/e2e/browser.ts), so embeds such
 * as the map cannot load here.
 */

for (const route of routes) {
  test(`${route.path} loads with no console error and no failed request`, async ({ page, baseURL }) => {
    const problems: string[] = [];
    const ours = (url: string) => url.startsWith(baseURL ?? 'http://127.0.0.1');
    page.on('console', (msg) => {
      if (msg.type() === 'error' && ours(msg.location().url || baseURL || '')) problems.push(`console: ${msg.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) => {
      // ERR_ABORTED is the page cancelling its own request (Next drops prefetches it no longer needs),
      // not a failure; a missing file shows up as a 4xx response below.
      const error = request.failure()?.errorText ?? '';
      if (ours(request.url()) && error !== 'net::ERR_ABORTED') problems.push(`failed: ${request.url()} (${error})`);
    });
    page.on('response', (response) => {
      if (ours(response.url()) && response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
    });

    await page.goto(route.path);
    await page.waitForLoadState('networkidle');
    // Focus each of the site's links in turn (intent, and into view), so that Next prefetches it.
    const payloads: string[] = [];
    page.on('request', (request) => {
      if (ours(request.url()) && new URL(request.url()).pathname.endsWith('.txt')) payloads.push(request.url());
    });
    await page.evaluate(async () => {
      for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href^="/"]')) {
        link.focus();
        await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
      }
    });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(problems).toEqual([]);
    expect(payloads.length, 'the focused links prefetched their routes').toBeGreaterThan(0);
  });
}
