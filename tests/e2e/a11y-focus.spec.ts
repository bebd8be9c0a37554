import type { Locator, Page } from '@playwright/test';
import { axeViolations } from './axe';
import { expect, test } from './fixtures';

/**
 * WCAG 2.2 checks axe cannot make on a page load: focus hidden under the open mobile menu (2.4.11),
 * the focus ring's contrast on every background it meets (1.4.11), and axe in the open states.
 */
const phone = { width: 375, height: 740 };
const desktop = { width: 1280, height: 800 };

/** Whether the element's centre is painted by the element itself (nothing covers it). */
const isUncovered = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (el === hit || el.contains(hit) || hit.contains(el));
  });

test.describe('focus is never hidden under the open mobile menu', () => {
  test.use({ viewport: phone });

  for (const path of ['/', '/payment', '/query']) {
    test(`${path}: Tab past the last link (Services expanded) closes the menu and focus stays in view`, async ({
      page,
    }) => {
      await page.goto(path);
      const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
      await menuButton.click();
      await page.getByRole('button', { name: 'Services menu' }).click();
      await expect(page.locator('#nav-menu-services')).toBeVisible();
      // The last control of the panel (About Us is collapsed, so its toggle comes last).
      await page.getByRole('button', { name: 'About Us menu' }).focus();
      await page.keyboard.press('Tab');

      const focused = page.locator(':focus');
      await expect(focused).toHaveCount(1);
      expect(await focused.evaluate((el) => Boolean(el.closest('header')))).toBe(false);
      await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
      await expect(page.locator('#nav-links')).toBeHidden();
      expect(await isUncovered(focused)).toBe(true);
    });
  }

  test('Shift+Tab back from the page into the bar leaves the menu usable', async ({ page }) => {
    await page.goto('/legal');
    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    await menuButton.click();
    const first = page.locator('#nav-links a').first();
    await first.focus();
    await page.keyboard.press('Shift+Tab');
    await expect(menuButton).toBeFocused();
    await expect(page.locator('#nav-links')).toBeVisible();
  });
});

/** WCAG relative luminance contrast of two `rgb()` colours, with the ring colours and the background behind. */
async function focusRingContrast(target: Locator) {
  return target.evaluate((el) => {
    const parse = (c: string): [number, number, number, number] | null => {
      const m = /rgba?\(([^)]+)\)/.exec(c);
      if (!m?.[1]) return null;
      const p = m[1]
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [p[0] ?? 0, p[1] ?? 0, p[2] ?? 0, p[3] ?? 1];
    };
    const over = (top: number[], bottom: number[]) =>
      [0, 1, 2].map((i) => (top[i] ?? 0) * (top[3] ?? 1) + (bottom[i] ?? 0) * (1 - (top[3] ?? 1)));
    const lum = (rgb: number[]) => {
      const [r, g, b] = rgb.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
    };
    const contrast = (a: number[], b: number[]) => {
      const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
      return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
    };
    // A focus ring may be drawn on the element or (for clipped media) on the frame around it.
    const ringOwner = [el, el.parentElement, el.nextElementSibling].find(
      (n): n is Element => n !== null && getComputedStyle(n).outlineStyle !== 'none',
    );
    if (!ringOwner) return { outline: 0, halo: 0, between: 0, width: 0 };
    // The colour behind the ring: its ancestors' backgrounds composed from the page colour up.
    const layers: number[][] = [];
    for (let node = ringOwner.parentElement; node; node = node.parentElement) {
      const bg = parse(getComputedStyle(node).backgroundColor);
      if (bg && bg[3] > 0) layers.push(bg);
      if (bg && bg[3] === 1) break;
    }
    let behind = [255, 255, 255];
    for (const layer of layers.reverse()) behind = over(layer, behind);
    const style = getComputedStyle(ringOwner);
    const outline = parse(style.outlineColor) ?? [0, 0, 0, 0];
    const halo = parse(style.boxShadow) ?? [...behind, 1];
    return {
      outline: contrast(outline, behind),
      halo: contrast(halo, behind),
      between: contrast(outline, halo),
      width: Number.parseFloat(style.outlineWidth),
    };
  });
}

async function expectVisibleRing(page: Page, target: Locator) {
  // A key press first, so that programmatic focus counts as keyboard focus (:focus-visible).
  await page.keyboard.press('Shift');
  await target.focus();
  const ring = await focusRingContrast(target);
  expect(ring.width).toBeGreaterThanOrEqual(2);
  // The ring's outer part meets the background at 3:1 at least, and its two tones differ by 3:1 too.
  expect(Math.max(ring.outline, ring.halo)).toBeGreaterThanOrEqual(3);
  expect(ring.between).toBeGreaterThanOrEqual(3);
}

test.describe('the focus ring is at least 3:1 against every background', () => {
  test('light navbar, white dropdown, light section and dark page at 1280 px', async ({ page }) => {
    await page.setViewportSize(desktop);
    await page.goto('/legal');
    await expect(page.locator('header[data-theme="dark"]')).toHaveCount(1);
    await expectVisibleRing(
      page,
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }),
    );
    await page.getByRole('button', { name: 'Services menu' }).click();
    await expectVisibleRing(page, page.locator('#nav-menu-services a').first());
    await expectVisibleRing(page, page.getByRole('main').getByRole('link').first());
    await expectVisibleRing(page, page.getByRole('contentinfo').getByRole('link').first());

    await page.goto('/');
    await expectVisibleRing(page, page.getByRole('main').getByRole('link').first());
    await expectVisibleRing(page, page.getByRole('checkbox', { name: 'Pause the scrolling notice' }));
  });

  test('the mobile panel at 375 px, on a light and on a dark page', async ({ page }) => {
    await page.setViewportSize(phone);
    for (const path of ['/legal', '/']) {
      await page.goto(path);
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await page.getByRole('button', { name: 'Services menu' }).click();
      await expectVisibleRing(page, page.locator('#nav-menu-services a').first());
      await expectVisibleRing(page, page.locator('#nav-links a').first());
    }
  });

  test('the project previews on /institute and the map on /about', async ({ page }) => {
    await page.setViewportSize(desktop);
    await page.goto('/institute');
    await expectVisibleRing(page, page.getByRole('button', { name: /^Play the preview of/ }).first());
    await page.goto('/about');
    await page.locator('#our-location').scrollIntoViewIfNeeded();
    const map = page.getByTestId('location-map');
    await map.scrollIntoViewIfNeeded();
    await map.focus();
    const ring = await focusRingContrast(map);
    expect(ring.width).toBe(3);
    expect(Math.max(ring.outline, ring.halo)).toBeGreaterThanOrEqual(3);
  });
});

test.describe('axe in the open states', () => {
  // Several axe passes per test: slow on a loaded two-core machine (nothing here is timed).
  test.slow();

  for (const path of ['/', '/legal', '/institute']) {
    test(`${path} with the mobile menu and Services open at 375 px`, async ({ page }) => {
      await page.setViewportSize(phone);
      await page.goto(path);
      await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await page.getByRole('button', { name: 'Services menu' }).click();
      await expect(page.locator('#nav-menu-services')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });

    // A dropdown at 1280 px changes the header alone (the page under it is checked whole by pages.spec.ts).
    test(`${path} with each dropdown open at 1280 px`, async ({ page }) => {
      await page.setViewportSize(desktop);
      await page.goto(path);
      for (const name of ['Services menu', 'About Us menu']) {
        await page.getByRole('button', { name }).click();
        await expect(
          page.locator(`#${await page.getByRole('button', { name }).getAttribute('aria-controls')}`),
        ).toBeVisible();
        expect(await axeViolations(page, { within: 'header' })).toEqual([]);
      }
    });
  }

  test('the paused notice and the paused hero video', async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto('/institute');
    await page.locator('label[for="dev-banner-pause"]').click();
    await page.getByRole('button', { name: /the background video$/ }).click();
    expect(await axeViolations(page)).toEqual([]);
  });
});
