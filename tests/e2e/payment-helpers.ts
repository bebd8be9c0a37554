import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';

/** A phone's browser: Android Chrome's user agent, a 375 px wide screen, touch. */
export const androidPhone = {
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  viewport: { width: 375, height: 740 },
  isMobile: true,
  hasTouch: true,
};

/** An iPhone's Safari user agent on the same screen. */
export const iPhone = {
  ...androidPhone,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
};

export const UPI_ID = 'one11studios@example';

/**
 * Every navigation the page asks the browser for, as the browser itself reports it (DevTools
 * protocol), including upi:// and intent:// links that no request or route handler ever sees.
 */
export async function watchNavigations(page: Page): Promise<string[]> {
  const urls: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.enable');
  cdp.on('Page.frameRequestedNavigation', (event) => urls.push(event.url));
  return urls;
}

/** Only the app links (not the page's own http navigations). */
export function appNavigations(urls: readonly string[]): string[] {
  return urls.filter((u) => !u.startsWith('http'));
}

/** Waits for the first app link the page sends the browser to. */
export async function nextAppNavigation(urls: readonly string[]): Promise<string> {
  await expect
    .poll(() => appNavigations(urls).length, { message: 'the page sends the browser to a UPI link' })
    .toBeGreaterThan(0);
  return appNavigations(urls)[0] ?? '';
}

/** The prefilled chat text of the WhatsApp link. */
export async function chatText(page: Page): Promise<string> {
  const link = page.getByRole('link', { name: /Send Details on WhatsApp/ });
  await expect(link).toHaveAttribute('href', /\?text=/);
  const href = (await link.getAttribute('href')) ?? '';
  const url = new URL(href);
  expect(url.origin + url.pathname).toBe('https://wa.me/919000000000');
  return url.searchParams.get('text') ?? '';
}

/** The reference shown on the page once the browser has made it. */
export async function shownReference(page: Page, prefix: 'MC' | 'CR'): Promise<string> {
  const line = page.getByText(/^Payment reference:/).first();
  await expect(line).toHaveText(new RegExp(`^Payment reference: ${prefix}[A-Z0-9]+$`));
  return ((await line.textContent()) ?? '').replace('Payment reference: ', '').trim();
}

/** Checks the dialog's keyboard contract: focus starts inside, Tab and Shift+Tab stay inside. */
export async function expectFocusTrapped(page: Page, dialog: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  const inside = () => dialog.evaluate((el) => el.contains(document.activeElement));
  expect(await inside()).toBe(true);
  const count = await dialog.locator('button:visible, a[href]:visible').count();
  for (let i = 0; i < count + 2; i += 1) {
    await page.keyboard.press('Tab');
    expect(await inside()).toBe(true);
  }
  for (let i = 0; i < count + 2; i += 1) {
    await page.keyboard.press('Shift+Tab');
    expect(await inside()).toBe(true);
  }
}

/** The page behind an open dialog: overflow hidden and a wheel turn does not move it. */
export async function expectPageBehindStill(page: Page): Promise<void> {
  const before = await page.evaluate(() => window.scrollY);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
  await page.mouse.move(10, 400);
  await page.mouse.wheel(0, 800);
  await page.waitForTimeout(150);
  expect(await page.evaluate(() => window.scrollY)).toBe(before);
}

/** Lets the page write to and read from the clipboard. */
export async function allowClipboard(context: BrowserContext): Promise<void> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
}
