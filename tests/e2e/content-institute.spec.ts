import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const slide = (page: Page, position: 'prev' | 'center' | 'next') => page.locator(`figure[data-position="${position}"]`);

test.describe('institute landing', () => {
  test('shows the hero video, the story, the courses block and the news panel', async ({ page }) => {
    await page.goto('/institute');
    const video = page.getByTestId('institute-hero-video');
    await expect(video).toHaveAttribute('poster', /^\/img\/[0-9a-f]+-\d+\.webp$/);
    // Started from script (not the autoplay attribute), so reduced motion and no-JavaScript keep it still.
    expect(await video.evaluate((v: HTMLVideoElement) => [v.muted, v.loop, v.autoplay, v.controls])).toEqual([
      true,
      true,
      false,
      false,
    ]);

    await expect(page.getByText('Story About Us')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'The Things You Should Know' })).toBeVisible();

    await expect(page.getByRole('heading', { name: 'The Courses We Offer' })).toBeVisible();
    await expect(page.getByText('tailored to bring the best out of you!!')).toBeVisible();
    const production = page.locator('article', {
      has: page.getByRole('heading', { name: 'Music Production Courses' }),
    });
    await expect(production.getByRole('link', { name: 'Certification Courses' })).toHaveAttribute(
      'href',
      '/institute/certification-courses',
    );
    await expect(production.getByRole('link', { name: 'Diploma Courses' })).toHaveAttribute(
      'href',
      '/institute/diploma-courses',
    );
    const instrument = page.locator('article', { has: page.getByRole('heading', { name: 'Instrument Courses' }) });
    await expect(instrument.getByRole('link', { name: 'Certification Courses' })).toHaveAttribute(
      'href',
      '/institute/instrument-certificate',
    );
    await expect(instrument.getByRole('link', { name: 'Diploma Courses' })).toHaveAttribute('href', '/upcoming');

    await expect(page.getByRole('heading', { name: /^Right Now at / })).toBeVisible();
    // The committed news are dated 2025: past, so none of them is shown (tests/unit/cms/news.test.tsx covers current ones).
    for (const date of ['1 July 2025', '2 July 2025', '1 June 2025']) await expect(page.getByText(date)).toHaveCount(0);
    await expect(page.getByText('No news right now')).toBeVisible();
    await expect(page.getByRole('link', { name: 'MORE' })).toBeVisible();

    await production.getByRole('link', { name: 'Diploma Courses' }).click();
    await expect(page).toHaveURL(/\/institute\/diploma-courses$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("on a phone the carousel's clip is fetched only once the carousel is on screen", async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.mp4')) fetched.push(request.url());
    });
    await page.setViewportSize({ width: 412, height: 915 });
    await page.goto('/institute');
    await page.waitForTimeout(500);
    // Below the first screen: its still, and no clip (the hero's waits for Play on a phone).
    await expect(slide(page, 'center').locator('video')).toHaveCount(0);
    expect(fetched).toEqual([]);
    await slide(page, 'center').scrollIntoViewIfNeeded();
    await expect(slide(page, 'center').locator('video')).toHaveCount(1);
    await expect.poll(() => fetched.length).toBeGreaterThan(0);
  });

  test('the carousel starts at slide 3 of 13, wraps both ways and styles the centre slide', async ({ page }) => {
    await page.goto('/institute');
    await page.getByRole('heading', { name: 'The Things You Should Know' }).scrollIntoViewIfNeeded();
    await expect(slide(page, 'center')).toHaveAttribute('data-index', '2');
    await expect(slide(page, 'prev')).toHaveAttribute('data-index', '1');
    await expect(slide(page, 'next')).toHaveAttribute('data-index', '3');

    const styles = (position: 'prev' | 'center' | 'next') =>
      slide(page, position).evaluate((el) => {
        const s = getComputedStyle(el);
        return { filter: s.filter, opacity: Number(s.opacity), width: el.getBoundingClientRect().width };
      });
    const center = await styles('center');
    const side = await styles('prev');
    expect(center.filter).toBe('none');
    expect(side.filter).toContain('grayscale(1)');
    expect(center.opacity).toBe(1);
    expect(side.opacity).toBeLessThan(1);
    expect(center.width).toBeGreaterThan(side.width);

    const prev = page.getByRole('button', { name: 'PREV', exact: true });
    const next = page.getByRole('button', { name: 'NEXT', exact: true });
    await next.click();
    await expect(slide(page, 'center')).toHaveAttribute('data-index', '3');
    for (let i = 0; i < 4; i += 1) await prev.click();
    await expect(slide(page, 'center')).toHaveAttribute('data-index', '12');
    await expect(slide(page, 'next')).toHaveAttribute('data-index', '0');
    await next.click();
    await expect(slide(page, 'center')).toHaveAttribute('data-index', '0');
    await expect(slide(page, 'prev')).toHaveAttribute('data-index', '12');
    await expect(page.getByTestId('carousel-position')).toHaveText('1');
  });

  test('a project feature swaps its still for a muted autoplaying video on hover, and on Enter (not on focus)', async ({
    page,
  }) => {
    await page.goto('/institute');
    const feature = page.locator('article', { has: page.getByRole('heading', { name: 'BETI NA HOTI' }) });
    const toggle = feature.getByRole('button', { name: 'Play the preview of BETI NA HOTI' });
    await expect(feature.locator('video')).toHaveCount(0);
    await expect(feature.locator('iframe')).toHaveCount(0);

    await toggle.hover();
    const video = feature.locator('video');
    await expect(video).toHaveCount(1);
    expect(await video.evaluate((v: HTMLVideoElement) => [v.muted, v.autoplay, v.controls])).toEqual([
      true,
      true,
      false,
    ]);
    await expect(feature.locator('img')).toBeHidden();

    await page.mouse.move(0, 0);
    await expect(video).toHaveCount(0);
    await expect(feature.locator('img')).toBeVisible();

    // Keyboard focus alone starts nothing, so the first Enter starts the preview and the second stops it.
    await page.keyboard.press('Tab');
    await toggle.focus();
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(video).toHaveCount(0);
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(video).toHaveCount(1);
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(video).toHaveCount(0);
  });
});
