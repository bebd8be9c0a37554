import { desktopAndPhone, expect, test } from './fixtures';
import { aliasRules, routes } from '../../lib/routes';
import { axeViolations } from './axe';
import { dashboardBase } from './staff';

/**
 * Every route of the table, each page loaded once and checked whole: at 1280 px it answers 200 with
 * its title, canonical link and robots, has no detectable WCAG 2.2 A/AA violation (axe), and loads
 * without a console error or a failed request to the site, including the prefetches of its links
 * (SiteLink prefetches on the visitor's intent: here keyboard focus on each link in turn, which also
 * brings it into view); then the same page is narrowed to 375 px, as a phone shows it, and checked
 * by axe again. Requests to other hosts are left out: the test browser is offline by design
 * (tests/e2e/browser.ts), so embeds such as the map cannot load here. Axe runs once per page and
 * screen here; other specs check only the states a page load does not show (an open menu or dialog,
 * a form's errors, staff views with data).
 */

const [desktop, phone] = desktopAndPhone;

test.describe(`every route of the table at ${desktop.width} px, then ${phone.width} px`, () => {
  test.use({ viewport: desktop });
  // One load carries several checks, axe among them: slow on a loaded two-core machine.
  test.slow();

  for (const route of routes) {
    test(`${route.path}: 200 with its title, canonical and robots; no WCAG A/AA violation at either width; no console error or failed request`, async ({
      page,
      baseURL,
    }) => {
      const problems: string[] = [];
      const ours = (url: string) => url.startsWith(baseURL ?? 'http://127.0.0.1');
      page.on('console', (msg) => {
        if (msg.type() === 'error' && ours(msg.location().url || baseURL || ''))
          problems.push(`console: ${msg.text()}`);
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

      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(new RegExp(route.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
      expect(new URL(canonical ?? '').pathname).toBe(route.path);
      const robots = await page.locator('meta[name="robots"]').getAttribute('content');
      expect(robots).toContain(route.sitemap ? 'index' : 'noindex');

      await page.waitForLoadState('networkidle');
      // The page as loaded, before any link has the focus (a focused menu link opens its menu).
      expect(await axeViolations(page)).toEqual([]);

      // Focus each of the site's routes linked here in turn, at its first link (intent, and into view),
      // so that Next prefetches it. The header's and footer's links are the same on every page: they
      // are focused on the home page, and elsewhere only the links in the page's own content.
      const payloads: string[] = [];
      page.on('request', (request) => {
        if (ours(request.url()) && new URL(request.url()).pathname.endsWith('.txt')) payloads.push(request.url());
      });
      await page.evaluate(
        async (scope) => {
          const routes = new Set<string>();
          for (const link of document.querySelectorAll<HTMLAnchorElement>(`${scope} a[href^="/"]`)) {
            if (routes.has(link.pathname)) continue;
            routes.add(link.pathname);
            link.focus();
            await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
          }
        },
        route.path === '/' ? 'body' : 'main',
      );
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
      // The shell's links prefetch (the content's may be plain links, or to routes already fetched).
      if (route.path === '/') expect(payloads.length, 'the focused links prefetched their routes').toBeGreaterThan(0);

      // The same page on a phone's screen, from its top.
      await page.setViewportSize(phone);
      await page.evaluate(() => {
        (document.activeElement as HTMLElement | null)?.blur();
        window.scrollTo(0, 0);
      });
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

test.describe('outside the table', () => {
  for (const rule of aliasRules) {
    // What is checked is in the HTML as served: no browser needed.
    test(`alias ${rule.from} reaches ${rule.to} with a canonical link to it`, async ({ request }) => {
      const response = await request.get(rule.from);
      expect(response.status()).toBe(200);
      expect(await response.text()).toMatch(new RegExp(`<link rel="canonical" href="[^"]*${rule.to}"`));
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
