import { expect, test } from './fixtures';

test.describe('about page', () => {
  test('has its four anchors, the timeline, the woven gallery and the lazy map', async ({ page }) => {
    await page.goto('/about');
    for (const id of ['about-section', 'our-stories', 'our-gallery', 'our-location'])
      await expect(page.locator(`#${id}`)).toHaveCount(1);

    const entries = page.locator('#our-stories li');
    await expect(entries).toHaveCount(8);
    await expect(entries.first()).toContainText('Aug 2022');
    await expect(entries.last()).toContainText('2025');

    const gallery = page.getByTestId('gallery');
    const layout = await gallery.evaluate((el) => {
      const s = getComputedStyle(el);
      return { columns: s.gridTemplateColumns.split(' ').length, gap: s.columnGap };
    });
    expect(layout).toEqual({ columns: 3, gap: '10px' });
    const lazy = await gallery
      .locator('img')
      .evaluateAll((imgs) => imgs.every((i) => i.getAttribute('loading') === 'lazy'));
    expect(lazy).toBe(true);

    const map = page.getByTestId('location-map');
    await page.locator('#our-location').scrollIntoViewIfNeeded();
    await expect(map).toHaveAttribute('loading', 'lazy');
    await expect(map).toHaveAttribute('src', /google\.com\/maps/);
    expect(await map.evaluate((el) => el.getBoundingClientRect().height)).toBe(500);
  });

  test('the map loads only when the visitor nears it, and moves nothing when it arrives', async ({ page }) => {
    const mapRequests: string[] = [];
    // The map host is not reachable from the test machine: its requests are counted, then refused.
    await page.route(/google\.com\/maps/, (route) => {
      mapRequests.push(route.request().url());
      return route.abort();
    });
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/about');
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('location-map')).toHaveCount(0);
    expect(mapRequests).toEqual([]);

    const place = page.locator('#our-location [class*="mapFrame"]');
    await place.scrollIntoViewIfNeeded();
    const before = await place.boundingBox();
    await expect(page.getByTestId('location-map')).toHaveCount(1);
    await expect.poll(() => mapRequests.length).toBeGreaterThan(0);
    expect((await place.boundingBox())?.height).toBe(before?.height);
    expect(before?.height).toBe(500);
  });

  test('the navbar’s About Us menu scrolls to each section, also from another page', async ({ page }) => {
    await page.goto('/services');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // On wide screens the dropdown opens on hover.
    await nav.getByRole('link', { name: 'About Us', exact: true }).hover();
    await nav.getByRole('link', { name: 'Gallery' }).click();
    await expect(page).toHaveURL(/\/about#our-gallery$/);
    await expect(page.getByRole('heading', { name: 'Gallery', exact: true })).toBeInViewport();

    await nav.getByRole('link', { name: 'About Us', exact: true }).hover();
    await nav.getByRole('link', { name: 'Visit us' }).click();
    await expect(page).toHaveURL(/\/about#our-location$/);
    await expect(page.getByRole('heading', { name: 'Location', exact: true })).toBeInViewport();

    // Keyboard users open it with its button.
    await page.mouse.move(0, 400);
    await nav.getByRole('button', { name: 'About Us menu' }).focus();
    await page.keyboard.press('Enter');
    await nav.getByRole('link', { name: 'Our Story' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/about#our-stories$/);
    await expect(page.getByRole('heading', { name: 'Our Story', exact: true })).toBeInViewport();
  });
});
