import { expect, test } from './fixtures';
import { aliasRules, routes } from '../../lib/routes';
import { dashboardBase } from './staff';

test.describe('every route of the table', () => {
  for (const route of routes) {
    test(`${route.path} answers 200 with its page`, async ({ page }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(new RegExp(route.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(new URL(canonical ?? '').pathname).toBe(route.path);
      const robots = await page.locator('meta[name="robots"]').getAttribute('content');
      expect(robots).toContain(route.sitemap ? 'index' : 'noindex');
    });
  }

  for (const rule of aliasRules) {
    test(`alias ${rule.from} reaches ${rule.to} with a canonical link to it`, async ({ page }) => {
      const response = await page.goto(rule.from);
      expect(response?.status()).toBe(200);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${rule.to}$`));
    });
  }

  test('the dashboard (outside the table) answers 200, noindex, and stays out of the sitemap', async ({
    page,
    request,
  }) => {
    const response = await page.goto(dashboardBase);
    expect(response?.status()).toBe(200);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain('dashboard');
    expect(await (await request.get('/robots.txt')).text()).not.toContain('dashboard');
  });

  test('an unknown path answers 404 with the 404 page', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('does not exist');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
