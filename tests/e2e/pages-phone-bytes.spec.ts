import type { CDPSession } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * A phone's first visit stays within 300 KB until the page is idle: the links of the navbar, the
 * footer and the page prefetch their routes only when the visitor shows intent (SiteLink), not as
 * they scroll into view, which took `/my-registration` to 372 KB. Bytes only, no timing: the cache
 * is off and every request to the site until none has run for a second is counted as sent (Brotli).
 * A tap still navigates on the client.
 */

const phone = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2.625 };
const budget = 300 * 1024;
const quietMs = 1000;

/** The bytes the page's requests took on the wire, until none has been in flight for `quietMs`. */
async function bytesUntilQuiet(cdp: CDPSession, visit: () => Promise<unknown>): Promise<number> {
  const inFlight = new Set<string>();
  let bytes = 0;
  let lastChange = Date.now();
  cdp.on('Network.requestWillBeSent', (e) => {
    inFlight.add(e.requestId);
    lastChange = Date.now();
  });
  const finished = (e: { requestId: string }) => {
    inFlight.delete(e.requestId);
    lastChange = Date.now();
  };
  cdp.on('Network.loadingFinished', (e) => {
    bytes += e.encodedDataLength;
    finished(e);
  });
  cdp.on('Network.loadingFailed', finished);
  await visit();
  await expect.poll(() => inFlight.size === 0 && Date.now() - lastChange >= quietMs, { timeout: 20_000 }).toBe(true);
  return bytes;
}

test.describe('on a phone', () => {
  test.use(phone);

  // The registrant's page, and the booking page with its form and the service's free starts.
  for (const path of ['/my-registration', '/book']) {
    test(`${path} transfers at most 300 KB until it is idle`, async ({ page, context }) => {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      const bytes = await bytesUntilQuiet(cdp, () => page.goto(path));
      expect(bytes).toBeGreaterThan(0);
      expect(bytes, `${Math.round(bytes / 1024)} KB`).toBeLessThanOrEqual(budget);
    });
  }

  test('a tap on a footer link navigates on the client', async ({ page }) => {
    await page.goto('/legal');
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).tap();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });
});
