import type { Page } from '@playwright/test';
import { expect, holdScripts, test } from './fixtures';
import { footerNav, mainNav } from '../../content/navigation';
import { studioDefaults } from '../../content/studio';

const desktop = { width: 1280, height: 800 };
const phone = { width: 375, height: 740 };

const navbar = (page: Page) => page.locator('header[data-theme]');
const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });

const servicesMenu = mainNav.find((e) => e.kind === 'menu' && e.id === 'services');
const aboutMenu = mainNav.find((e) => e.kind === 'menu' && e.id === 'about');
if (servicesMenu?.kind !== 'menu' || aboutMenu?.kind !== 'menu') throw new Error('navigation menus missing');

test.describe('navbar at 1280 px', () => {
  test.use({ viewport: desktop });

  test('shows the links and the Services dropdown exactly as the spec tables give them', async ({ page }) => {
    await page.goto('/legal');
    const nav = mainNavigation(page);
    for (const label of ['Home', 'Institute', 'Services', 'Record Label', 'About Us']) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Services', exact: true })).toHaveAttribute('href', '/services');
    await expect(nav.getByRole('link', { name: 'About Us', exact: true })).toHaveAttribute('href', '/about');

    await nav.getByRole('button', { name: 'Services menu' }).click();
    const items = page.locator('#nav-menu-services a');
    await expect(items).toHaveCount(servicesMenu.items.length);
    for (const [i, item] of servicesMenu.items.entries()) {
      await expect(items.nth(i)).toHaveText(item.label);
      await expect(items.nth(i)).toHaveAttribute('href', item.href);
    }
    await expect(page.locator('#nav-menu-services')).toBeVisible();
  });

  test('opens a dropdown on hover and closes it 200 ms after the pointer leaves', async ({ page }) => {
    await page.clock.install();
    await page.goto('/legal');
    await page.clock.pauseAt(Date.now() + 60_000);
    const toggle = page.getByRole('button', { name: 'About Us menu' });
    const menu = page.locator('#nav-menu-about');
    await mainNavigation(page).getByRole('link', { name: 'About Us', exact: true }).hover();
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('link')).toHaveText(aboutMenu.items.map((i) => i.label));

    await page.mouse.move(640, 500);
    await page.clock.runFor(150);
    await expect(menu).toBeVisible();
    await page.clock.runFor(100);
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test("a menu the mouse already rests on when the page's script starts opens then", async ({ page }) => {
    // The scripts are held back until the mouse is on the menu, as on a slow connection.
    const release = await holdScripts(page, '**/_next/static/chunks/*.js');
    await page.goto('/legal', { waitUntil: 'domcontentloaded' });
    await mainNavigation(page).getByRole('link', { name: 'About Us', exact: true }).hover();
    await expect(page.locator('#nav-menu-about')).toBeHidden();
    release();
    await expect(page.locator('#nav-menu-about')).toBeVisible();
    await expect(page.getByRole('button', { name: 'About Us menu' })).toHaveAttribute('aria-expanded', 'true');
  });

  test('closes on an outside click, and only one dropdown is open at a time', async ({ page }) => {
    await page.goto('/legal');
    await page.getByRole('button', { name: 'Services menu' }).click();
    await expect(page.locator('#nav-menu-services')).toBeVisible();
    await page.getByRole('button', { name: 'About Us menu' }).click();
    await expect(page.locator('#nav-menu-about')).toBeVisible();
    await expect(page.locator('#nav-menu-services')).toBeHidden();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.locator('#nav-menu-about')).toBeHidden();
  });

  test('works with the keyboard: Enter opens, Tab walks the items, Escape closes and returns focus', async ({
    page,
  }) => {
    await page.goto('/legal');
    const toggle = page.getByRole('button', { name: 'Services menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(page.locator('#nav-menu-services a').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.locator('#nav-menu-services')).toBeHidden();
    await expect(toggle).toBeFocused();
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  test('choosing a link closes the menus and navigates', async ({ page }) => {
    await page.goto('/legal');
    await page.getByRole('button', { name: 'Services menu' }).click();
    await page.locator('#nav-menu-services').getByRole('link', { name: 'Music Distribution' }).click();
    await expect(page).toHaveURL(/\/upcoming$/);
    await expect(page.locator('#nav-menu-services')).toBeHidden();
  });

  test('clicking the Services label goes to /services', async ({ page }) => {
    await page.goto('/legal');
    await mainNavigation(page).getByRole('link', { name: 'Services', exact: true }).click();
    await expect(page).toHaveURL(/\/services$/);
  });

  test('takes the scrolled style after 50 px', async ({ page }) => {
    await page.goto('/legal');
    await expect(navbar(page)).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 40));
    await page.waitForTimeout(100);
    await expect(navbar(page)).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 60));
    await expect(navbar(page)).toHaveAttribute('data-scrolled', 'true');
  });

  test('takes its theme from the brightness of the section in view', async ({ page }) => {
    // /legal is a bright (#faf8f3) page: brightness above 200 gives the dark theme.
    await page.goto('/legal');
    await expect(navbar(page)).toHaveAttribute('data-theme', 'dark');
    // /upcoming is a dark page.
    await page.goto('/upcoming');
    await expect(navbar(page)).toHaveAttribute('data-theme', 'light');
    // A page with a white-bg-page element is forced to the light theme, although it is bright.
    await page.goto('/submission-successfully');
    await expect(page.locator('.white-bg-page')).toHaveCount(1);
    await expect(navbar(page)).toHaveAttribute('data-theme', 'light');
  });

  test('swaps to the institute logo on paths starting with /institute', async ({ page }) => {
    await page.goto('/legal');
    await expect(page.locator('[data-logo]')).toHaveAttribute('data-logo', 'studio');
    await page.goto('/institute');
    await expect(page.locator('[data-logo]')).toHaveAttribute('data-logo', 'institute');
    await expect(page.getByRole('link', { name: /: home$/ })).toHaveAttribute('href', '/');
  });
});

test.describe('navbar at 375 px', () => {
  test.use({ viewport: phone, hasTouch: true });

  test('the menu button toggles the links; dropdowns open on tap, one at a time; a link closes all', async ({
    page,
  }) => {
    await page.goto('/legal');
    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    const links = page.locator('#nav-links');
    await expect(links).toBeHidden();
    await menuButton.tap();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(links).toBeVisible();
    // On phones the label itself opens the dropdown.
    const services = page.getByRole('button', { name: 'Services menu' });
    await expect(services).toContainText('Services');
    await services.tap();
    await expect(page.locator('#nav-menu-services')).toBeVisible();
    await page.getByRole('button', { name: 'About Us menu' }).tap();
    await expect(page.locator('#nav-menu-about')).toBeVisible();
    await expect(page.locator('#nav-menu-services')).toBeHidden();
    await page.locator('#nav-menu-about').getByRole('link', { name: 'Our Story' }).tap();
    await expect(page).toHaveURL(/\/about#our-stories$/);
    await expect(links).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  test('Escape closes the open menu and returns focus to the menu button', async ({ page }) => {
    await page.goto('/legal');
    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    await menuButton.click();
    await expect(page.locator('#nav-links')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('#nav-links')).toBeHidden();
    await expect(menuButton).toBeFocused();
  });

  test('opens with its theme at once, and fades between themes only once the visitor scrolls', async ({ page }) => {
    // The first paint has the light theme; a bright page then takes the dark one. A fade there passes
    // through grey text on a grey bar, which axe once read as a contrast failure of the brand text.
    await page.addInitScript(() => {
      const seen: number[] = [];
      Object.assign(window, { navbarFades: seen });
      new MutationObserver(() =>
        requestAnimationFrame(() => seen.push(document.querySelector('header')?.getAnimations().length ?? 0)),
      ).observe(document, { subtree: true, attributeFilter: ['data-theme'] });
    });
    await page.goto('/institute/Music-certificate');
    await expect(navbar(page)).toHaveAttribute('data-theme', 'dark');
    const fades = () => page.evaluate(() => (window as Window & { navbarFades?: number[] }).navbarFades ?? []);
    await expect.poll(async () => (await fades()).length).toBeGreaterThan(0);
    expect((await fades()).every((running) => running === 0)).toBe(true);
    await expect(navbar(page)).not.toHaveAttribute('data-fades', /./);
    await page.mouse.wheel(0, 400);
    await expect(navbar(page)).toHaveAttribute('data-fades', 'true');
  });
});

test.describe('footer', () => {
  for (const viewport of [desktop, phone]) {
    test(`shows its links, contacts, social links, year and rights at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/privacy-policy');
      const footer = page.getByRole('contentinfo');
      const nav = footer.getByRole('navigation', { name: 'Footer' });
      for (const link of footerNav)
        await expect(nav.getByRole('link', { name: link.label })).toHaveAttribute('href', link.href);
      await expect(footer.getByRole('link', { name: studioDefaults.email })).toHaveAttribute(
        'href',
        `mailto:${studioDefaults.email}`,
      );
      await expect(footer.getByRole('link', { name: /^\+91 / })).toHaveAttribute(
        'href',
        `https://wa.me/${studioDefaults.whatsapp}`,
      );
      for (const name of ['Facebook', 'LinkedIn', 'Instagram', 'X (Twitter)']) {
        await expect(footer.getByRole('link', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) })).toBeVisible();
      }
      await expect(footer).toContainText(`© ${new Date().getFullYear()} ${studioDefaults.name}. All rights reserved.`);
      const columns = await footer
        .locator('div')
        .first()
        .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
      expect(columns).toBe(viewport.width <= 768 ? 1 : 4);
    });
  }

  test('its About, Services and Contact links scroll to the top; the others too, on the new page', async ({ page }) => {
    await page.setViewportSize(desktop);
    await page.goto('/legal');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('every route change', () => {
  test.use({ viewport: desktop });

  test('scrolls to the top and pushes a pageview to the data layer (also on the first load)', async ({ page }) => {
    await page.goto('/legal');
    await expect.poll(() => page.evaluate(() => window.dataLayer)).toEqual([{ event: 'pageview', page: '/legal' }]);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Refund Policy' }).click();
    await expect(page).toHaveURL(/\/refund-policy$/);
    await expect
      .poll(() => page.evaluate(() => window.dataLayer))
      .toEqual([
        { event: 'pageview', page: '/legal' },
        { event: 'pageview', page: '/refund-policy' },
      ]);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // Still the same document: a client-side navigation, not a reload.
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  });

  test('loads no analytics tag when no ID is configured', async ({ page }) => {
    await page.goto('/legal');
    await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);
  });
});

test.describe('pages of the foundation', () => {
  test.use({ viewport: desktop });

  test('the refund policy shows the date of the visit as Last Updated', async ({ page }) => {
    await page.clock.setFixedTime(new Date('2027-03-15T10:00:00+05:30'));
    await page.goto('/refund-policy');
    await expect(page.getByText('Last Updated:')).toBeVisible();
    await expect(page.locator('time')).toHaveText('15 March 2027');
    await expect(page.getByText(/within 12 hours/).first()).toBeVisible();
    await expect(page.getByText(/Refund Request/).first()).toBeVisible();
  });

  test('the legal pages have six sections each', async ({ page }) => {
    for (const path of ['/privacy-policy', '/legal']) {
      await page.goto(path);
      await expect(page.locator('article > section h2')).toHaveCount(6);
    }
  });

  test('the countdown starts at 30 d 12 h 45 min 20 s, ticks each second and stops at zero', async ({ page }) => {
    const html = await (await page.request.get('/upcoming')).text();
    expect(html).toMatch(/data-unit="days"[^>]*>30</);
    expect(html).toMatch(/data-unit="hours"[^>]*>12</);
    expect(html).toMatch(/data-unit="minutes"[^>]*>45</);
    expect(html).toMatch(/data-unit="seconds"[^>]*>20</);

    await page.clock.install();
    await page.goto('/upcoming');
    await page.clock.pauseAt(Date.now() + 60_000);
    const value = (unit: string) => page.locator(`[data-unit="${unit}"]`);
    const total = async () => {
      const [d, h, m, s] = await Promise.all(
        ['days', 'hours', 'minutes', 'seconds'].map(async (u) => Number(await value(u).textContent())),
      );
      return (((d ?? 0) * 24 + (h ?? 0)) * 60 + (m ?? 0)) * 60 + (s ?? 0);
    };
    const start = ((30 * 24 + 12) * 60 + 45) * 60 + 20;
    const before = await total();
    expect(before).toBeLessThanOrEqual(start);
    expect(before).toBeGreaterThan(start - 70);
    await page.clock.runFor(1000);
    await expect.poll(total).toBe(before - 1);
    await page.clock.runFor(60_000);
    await expect.poll(total).toBe(before - 61);
    await page.clock.fastForward(800 * 3600 * 1000);
    await page.clock.runFor(2000);
    for (const unit of ['days', 'hours', 'minutes', 'seconds']) await expect(value(unit)).toHaveText('00');
    await page.clock.runFor(5000);
    await expect(value('seconds')).toHaveText('00');
  });

  test('the thank-you pages say what the spec says', async ({ page }) => {
    await page.goto('/submission-successfully');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank You for Registering!');
    await expect(page.getByText(/masterclass registration has been received/)).toBeVisible();
    await expect(page.getByText(/access link, schedule and resources/)).toBeVisible();
    await page.goto('/Services-Thanku');
    await expect(page.getByText(/request for services has been received/)).toBeVisible();
    await expect(page.getByText(/review your requirements and get in touch/)).toBeVisible();
    await expect(page.getByText(/follow .* on social media/i)).toBeVisible();
  });

  test('the bundled server sends security headers, and pages run under its policy without violations', async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy|Refused to/.test(msg.text())) violations.push(msg.text());
    });
    const response = await page.goto('/legal');
    const headers = response?.headers() ?? {};
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).not.toContain("'unsafe-inline' 'self'");
    expect(headers['cache-control']).toContain('must-revalidate');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Refund Policy' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Refund Policy');
    expect(violations).toEqual([]);
  });
});

test.describe('start-up scripts', () => {
  for (const path of ['/', '/request-form']) {
    test(`${path} leaves its start-up scripts to the loader, each with the compile hint that keeps the main thread free`, async ({
      page,
    }) => {
      const html = await (await page.request.get(path)).text();
      const listed = /var s=(\[[^\]]*\])/.exec(html)?.[1];
      const sources: string[] = JSON.parse(listed ?? '[]');
      expect(sources.length).toBeGreaterThan(3);
      expect(html).not.toMatch(/<script src="\/_next\/[^"]*" async/);
      for (const source of sources) {
        const body = await (await page.request.get(source)).text();
        expect(body.startsWith('//# allFunctionsCalledOnLoad\n'), source).toBe(true);
      }
      // The loader then adds them, and the framework starts.
      await page.goto(path);
      await expect
        .poll(() => page.evaluate(() => [...document.scripts].map((s) => s.getAttribute('src'))))
        .toEqual(expect.arrayContaining(sources));
      await expect.poll(() => page.evaluate(() => 'next' in window)).toBe(true);
    });
  }
});
