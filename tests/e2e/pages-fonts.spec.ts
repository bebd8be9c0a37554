import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Inter after the first visit (lib/font-loading.ts): a first visit paints and hydrates in the
 * system font without downloading Inter, then fetches it into the cache once the page is idle; the
 * next page uses it from the cache from its first paint. Without JavaScript, no font is fetched.
 */

const fontRequests = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('.woff2')) seen.push(r.url());
  });
  return seen;
};

/** The first family of the body's font stack, as the browser computes it. */
const firstFamily = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).fontFamily.split(',')[0]?.trim().replace(/["']/g, ''));

/** When `<html data-hydrated>` appeared, on the page's clock (set from its first script). */
function markHydration(): void {
  new MutationObserver((_, observer) => {
    if (!document.documentElement?.hasAttribute('data-hydrated')) return;
    Object.assign(window, { hydratedAt: performance.now() });
    observer.disconnect();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
}

/** The font files the page asked for: when (page clock) and how many bytes came over the network. */
const fontEntries = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.name.endsWith('.woff2'))
      .map((e) => ({ startTime: e.startTime, transferSize: (e as PerformanceResourceTiming).transferSize })),
  );

test('a first visit paints and hydrates without Inter, fetches it when idle, and the next page uses it', async ({
  page,
}) => {
  await page.addInitScript(markHydration);
  await page.goto('/about');
  // Once idle: Inter fetched into the cache and remembered, after the page hydrated; the page on
  // screen still in the system font (no reflow).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('one11-fonts'))).toBe('1');
  expect(await page.locator('html').getAttribute('data-fonts')).toBeNull();
  expect(await firstFamily(page)).toBe('system-ui');
  const [fetched] = await fontEntries(page);
  const hydratedAt = await page.evaluate(() => (window as { hydratedAt?: number }).hydratedAt ?? Number.NaN);
  expect(fetched?.startTime).toBeGreaterThan(hydratedAt);
  expect(await fontEntries(page)).toHaveLength(1);

  await page.goto('/query');
  expect(await page.locator('html').getAttribute('data-fonts')).toBe('');
  expect(await firstFamily(page)).toBe('inter');
  expect(await page.evaluate(() => document.fonts.check('1em inter'))).toBe(true);
  // From the cache: the second page sent no new bytes for it.
  expect((await fontEntries(page)).map((e) => e.transferSize)).toEqual([0]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('no font is fetched and the pages read in the system font', async ({ page }) => {
    const fonts = fontRequests(page);
    await page.goto('/about');
    await page.goto('/institute');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await firstFamily(page)).toBe('system-ui');
    expect(fonts).toEqual([]);
  });
});
