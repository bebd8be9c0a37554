import { expect, test } from '@playwright/test';

const pages = [
  '/', '/institute', '/institute/certification-courses', '/institute/diploma-courses', '/institute/instrument-certificate',
  '/about', '/services', '/pro-music-production', '/pro-audio-recording', '/pro-audio-editing', '/pro-sound-design',
  '/pro-audio-mixing', '/pro-audio-mastering', '/music-distribution', '/music-production', '/video-production',
  '/portfolio-shoot', '/artist-management', '/artist', '/artist-promotion', '/record', '/connect-with-us',
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
