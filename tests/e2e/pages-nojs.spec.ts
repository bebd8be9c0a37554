import { expect, test } from './fixtures';
import { mainNav } from '../../content/navigation';
import { routes } from '../../lib/routes';
import { dashboardBase } from './staff';

/**
 * Without JavaScript: every page of the route table reads from its heading down with nothing on top
 * of it, the menus are plain lists of links, and the page that needs JavaScript says so.
 */
test.use({ javaScriptEnabled: false });

const menuLinks = mainNav.flatMap((entry) => (entry.kind === 'link' ? [entry] : [entry, ...entry.items]));

test.describe('without JavaScript at 375 px', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const route of routes) {
    test(`${route.path} shows its heading and content uncovered`, async ({ page }) => {
      await page.goto(route.path);
      const heading = page.getByRole('heading', { level: 1 }).first();
      await heading.scrollIntoViewIfNeeded();
      await expect(heading).toBeVisible();
      const uncovered = await heading.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + Math.min(20, box.width / 2), box.top + box.height / 2);
        return hit !== null && (el === hit || el.contains(hit));
      });
      expect(uncovered).toBe(true);
      // The bar scrolls away with the page instead of staying on top of it.
      expect(await page.locator('header[data-theme]').evaluate((el) => getComputedStyle(el).position)).toBe('static');
    });
  }

  test('/institute keeps its videos still: the stills show and no clip is fetched', async ({ page }) => {
    const clips: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.mp4')) clips.push(request.url());
    });
    await page.goto('/institute');
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('institute-hero-video')).toHaveAttribute('poster', /^\/img\/[0-9a-f]+-\d+\.webp$/);
    await expect(page.locator('figure[data-position="center"] img')).toBeVisible();
    expect(clips).toEqual([]);
  });

  test('the map on /about is there, 500 px high, from the page itself', async ({ page }) => {
    // The map host is not reachable from the test machine: the frame's own request is refused.
    await page.route(/google\.com\/maps/, (route) => route.abort());
    await page.goto('/about');
    const map = page.getByTestId('location-map');
    await map.scrollIntoViewIfNeeded();
    await expect(map).toHaveAttribute('src', /google\.com\/maps/);
    expect(await map.evaluate((el) => el.getBoundingClientRect().height)).toBe(500);
  });

  test('the navigation is a plain list of every link, and the menu buttons are gone', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const link of menuLinks) await expect(nav.locator(`a[href="${link.href}"]`).first()).toBeVisible();
    await expect(nav.getByRole('button')).toHaveCount(0);
  });
});

test.describe('without JavaScript at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a dropdown opens on hover and on keyboard focus, as a list of links', async ({ page }) => {
    await page.goto('/legal');
    const services = page.locator('#nav-menu-services');
    await expect(services).toBeHidden();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services', exact: true }).hover();
    await expect(services).toBeVisible();
    await expect(services.getByRole('link').first()).toBeVisible();
    await page.mouse.move(640, 600);
    await expect(services).toBeHidden();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services', exact: true }).focus();
    await expect(services).toBeVisible();
  });

  test('every form of every page posts to the service with method POST, so nothing typed reaches a URL (but a certificate serial)', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    let seen = 0;
    for (const route of routes) {
      await page.goto(route.path);
      const forms = await page.locator('form').evaluateAll((all) =>
        all.map((f) => ({
          method: f.getAttribute('method'),
          action: f.getAttribute('action'),
          fields: [...f.querySelectorAll('[name]')].map((e) => e.getAttribute('name')),
        })),
      );
      for (const { fields, ...form } of forms) {
        // The one lookup: a certificate's public serial, as its QR code opens the page (?serial=).
        if (route.path === '/verify-certificate') {
          expect({ ...form, fields }).toEqual({ method: 'get', action: '/verify-certificate', fields: ['serial'] });
          continue;
        }
        expect(form, route.path).toEqual({
          method: 'post',
          action: expect.stringMatching(/^\/(api|pro-audio-form)\//),
        });
        seen += 1;
      }
    }
    // The visitor forms and the two payment claims, some on more than one page.
    expect(seen).toBeGreaterThanOrEqual(9);
  });

  test('the staff dashboard says it needs JavaScript', async ({ page }) => {
    await page.goto(dashboardBase);
    // Playwright's text selectors skip <noscript>, so the notice is found by its element.
    const notice = page.locator('main noscript p');
    await expect(notice).toBeVisible();
    expect(await notice.evaluate((el) => el.textContent)).toMatch(/^The staff dashboard needs JavaScript/);
    await expect(page.getByText('Checking your sign-in...')).toBeHidden();
  });
});
