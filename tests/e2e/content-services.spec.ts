import { expect, test } from './fixtures';
import { serviceCards, servicePages } from '../../content/services';

test.describe('services', () => {
  test('the listing shows 10 cards; Further Details opens the card’s service and scrolls to the top', async ({
    page,
  }) => {
    await page.goto('/services');
    await expect(page.getByRole('heading', { name: 'Services We Offer' })).toBeVisible();
    await expect(page.getByText('From Sound to Stage - We Make It Happen.')).toBeVisible();
    const buttons = page.getByRole('link', { name: 'Further Details' });
    await expect(buttons).toHaveCount(10);

    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Artist Management & PR' }) });
    await card.getByRole('link', { name: 'Further Details' }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await card.getByRole('link', { name: 'Further Details' }).click();
    await expect(page).toHaveURL(/\/artist-management$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Artist Management & PR' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
    for (const box of ['Event bookings', 'Promotion', 'Contract deals', 'Tour support']) {
      await expect(page.getByRole('heading', { level: 3, name: box, exact: true })).toBeVisible();
    }
  });

  test('every card leads to a page titled as the card', async ({ page }) => {
    await page.goto('/services');
    const hrefs = await page
      .getByRole('link', { name: 'Further Details' })
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(serviceCards.map((c) => c.link1));
  });

  test('each service page renders its record: title, four boxes and the call to action', async ({ page }) => {
    test.setTimeout(120_000); // 14 pages in one test
    for (const [route, service] of Object.entries(servicePages)) {
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1, name: service.title })).toBeVisible();
      await expect(page.locator('main ul li h3')).toHaveCount(4);
      await expect(page.getByRole('link', { name: 'Request this service' })).toHaveAttribute(
        'href',
        `/request-form?service=${encodeURIComponent(service.title)}`,
      );
    }
  });
});
