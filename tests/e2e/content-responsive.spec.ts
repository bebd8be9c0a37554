import { expect, test } from './fixtures';

// One page of each kind (every service page shares one component, checked here through two of them).
const pages = [
  '/',
  '/institute',
  '/institute/certification-courses',
  '/institute/diploma-courses',
  '/institute/instrument-certificate',
  '/about',
  '/services',
  '/pro-audio-editing',
  '/artist-management',
  '/connect-with-us',
];

test.describe('content pages at 375 px and 1280 px', () => {
  for (const path of pages) {
    test(`${path} fits both widths with no sideways scrolling`, async ({ page }) => {
      for (const width of [375, 1280]) {
        await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
      }
    });
  }
});
