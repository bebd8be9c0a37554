import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** WCAG 2.2.2 and 2.3.3: everything that moves can be paused by keyboard and touch, and stays still under reduced motion. */
const track = (page: Page) => page.getByTestId('dev-banner-track');
const playState = (page: Page) => track(page).evaluate((el) => getComputedStyle(el).animationPlayState);
const offset = (page: Page) => track(page).evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).m41);
const pauseSwitch = (page: Page) => page.getByRole('checkbox', { name: 'Pause the scrolling notice' });

test.describe('the under-development notice', () => {
  test('pauses and resumes from the keyboard, and stands still once paused', async ({ page }) => {
    await page.goto('/legal');
    await expect.poll(() => playState(page)).toBe('running');
    await page.keyboard.press('Tab'); // the skip link
    await page.keyboard.press('Tab');
    await expect(pauseSwitch(page)).toBeFocused();
    await page.keyboard.press('Space');
    await expect(pauseSwitch(page)).toBeChecked();
    expect(await playState(page)).toBe('paused');
    // On a loaded machine the compositor can take a frame or two to hear of the pause: wait until
    // two reads a tenth of a second apart agree, then it must stay still to the eye.
    let before = await offset(page);
    for (let settled = false, tries = 0; !settled && tries < 20; tries += 1) {
      await page.waitForTimeout(100);
      const now = await offset(page);
      settled = Math.abs(now - before) < 0.5;
      before = now;
    }
    await page.waitForTimeout(400);
    expect(Math.abs((await offset(page)) - before)).toBeLessThan(0.5);
    await page.keyboard.press('Space');
    await expect.poll(() => playState(page)).toBe('running');
  });

  test.describe('on a touch screen', () => {
    test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

    test('a tap on Pause stops it, another starts it again', async ({ page }) => {
      await page.goto('/');
      await page.locator('label[for="dev-banner-pause"]').tap();
      await expect(pauseSwitch(page)).toBeChecked();
      expect(await playState(page)).toBe('paused');
      await page.locator('label[for="dev-banner-pause"]').tap();
      await expect.poll(() => playState(page)).toBe('running');
    });
  });

  test('does not move and offers no switch under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    expect(await track(page).evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await expect(pauseSwitch(page)).toBeHidden();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    // Past the skip link, focus goes to the bar, not to an invisible switch.
    expect(await page.evaluate(() => document.activeElement?.closest('header') !== null)).toBe(true);
  });
});

test.describe('the institute hero video', () => {
  const video = (page: Page) => page.getByTestId('institute-hero-video');
  const paused = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.paused);

  test('plays muted and loops, and its button pauses and restarts it', async ({ page }) => {
    await page.goto('/institute');
    const button = page.getByRole('button', { name: /the background video$/ });
    await expect(button).toHaveAccessibleName('Pause the background video');
    expect(await paused(page)).toBe(false);
    const width = (await button.boundingBox())?.width;
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAccessibleName('Play the background video');
    expect(await paused(page)).toBe(true);
    // The button keeps its size (anchored to the right, a narrower word would shift it).
    expect((await button.boundingBox())?.width).toBe(width);
    await button.click();
    await expect(button).toHaveAccessibleName('Pause the background video');
    expect(await paused(page)).toBe(false);
  });

  const stillUntilAsked = async (page: Page) => {
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.mp4')) fetched.push(request.url());
    });
    await page.goto('/institute');
    const button = page.getByRole('button', { name: /the background video$/ });
    await expect(button).toHaveAccessibleName('Play the background video');
    await page.waitForTimeout(300);
    expect(await paused(page)).toBe(true);
    expect(fetched).toEqual([]);
    await button.click();
    await expect(button).toHaveAccessibleName('Pause the background video');
    expect(await paused(page)).toBe(false);
    expect(fetched.length).toBeGreaterThan(0);
  };

  test('stays on its poster under reduced motion, its file not even fetched, until asked to play', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await stillUntilAsked(page);
  });

  test('stays on its poster on a phone, its file not even fetched, until asked to play', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 915 });
    await stillUntilAsked(page);
  });
});

test.describe('scrolling started from JavaScript', () => {
  /** Records the `behavior` of every scroll the page's scripts start. */
  const recordScrolls = (page: Page) =>
    page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { scrolls: string[] }).scrolls = seen;
      const note = (arg: unknown) => {
        if (arg && typeof arg === 'object' && 'behavior' in arg) seen.push(String(arg.behavior));
      };
      const scrollTo = window.scrollTo;
      window.scrollTo = function (this: Window, ...args: unknown[]) {
        note(args[0]);
        return Reflect.apply(scrollTo, this, args);
      } as typeof window.scrollTo;
      const intoView = Element.prototype.scrollIntoView;
      Element.prototype.scrollIntoView = function (this: Element, arg?: boolean | ScrollIntoViewOptions) {
        note(arg);
        return intoView.call(this, arg);
      };
    });
  const scrolls = (page: Page) => page.evaluate(() => (window as unknown as { scrolls: string[] }).scrolls);

  const followFooterLinks = async (page: Page) => {
    await page.goto('/legal');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'About Us menu' }).click();
    await page.locator('#nav-menu-about').getByRole('link', { name: 'Visit us' }).click();
    await expect(page).toHaveURL(/#our-location$/);
  };

  test('is smooth for the footer links and anchors by default', async ({ page }) => {
    await recordScrolls(page);
    await followFooterLinks(page);
    expect(await scrolls(page)).toContain('smooth');
  });

  test('jumps instead under reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await recordScrolls(page);
    await followFooterLinks(page);
    const behaviours = await scrolls(page);
    expect(behaviours.length).toBeGreaterThan(0);
    expect(behaviours).not.toContain('smooth');
  });
});
