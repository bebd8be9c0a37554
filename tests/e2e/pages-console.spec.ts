import { expect, test } from './fixtures';
import { routes } from '../../lib/routes';

/**
 * Every route of the table loads without a console error or a failed request to the site (including
 * the prefetches of every link on the page, which run once the links are in view). Requests to other
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
    // Bring every link into view, so that Next prefetches each of them.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    expect(problems).toEqual([]);
  });
}
