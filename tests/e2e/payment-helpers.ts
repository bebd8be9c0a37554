import { expect, type Locator, type Page } from '@playwright/test';

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
async function watchNavigations(page: Page): Promise<string[]> {
  const urls: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.enable');
  cdp.on('Page.frameRequestedNavigation', (event) => urls.push(event.url));
  return urls;
}

/**
 * Opens a payment page, watching every navigation it asks the browser for (see watchNavigations):
 * `none` checks it sent the browser to no app link, `next` waits for the first app link.
 */
export async function openWatched(page: Page, path: string) {
  const urls = await watchNavigations(page);
  await page.goto(path);
  const appLinks = () => urls.filter((u) => !u.startsWith('http'));
  return {
    none: () => expect(appLinks()).toEqual([]),
    async next(): Promise<string> {
      await expect
        .poll(() => appLinks().length, { message: 'the page sends the browser to a UPI link' })
        .toBeGreaterThan(0);
      return appLinks()[0] ?? '';
    },
  };
}

/** The Scan to Pay dialog. */
export const scanToPay = (page: Page): Locator => page.getByRole('dialog', { name: 'Scan to Pay' });

/** Chooses a payment option on /payment and proceeds; answers the Scan to Pay dialog, open or not. */
export async function proceedWith(page: Page, option: string): Promise<Locator> {
  await page.getByRole('radio', { name: option }).check();
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  return scanToPay(page);
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

/**
 * The chat draft's lines before the visitor's details are known: the greeting, the details left
 * to fill, the amount, the reference, the UTR line and the screenshot note.
 */
export function chatDraft(greeting: string, blanks: readonly string[], amount: string, reference: string): string[] {
  return [
    greeting,
    ...blanks,
    `Amount paid: ${amount}`,
    `Payment reference: ${reference}`,
    'UTR (12-digit UPI transaction ID): ',
    'I am attaching the payment screenshot to this chat.',
  ];
}

/** The reference shown on the page once the browser has made it. */
export async function shownReference(page: Page, prefix: 'MC' | 'CR'): Promise<string> {
  const line = page.getByText(/^Payment reference:/).first();
  await expect(line).toHaveText(new RegExp(`^Payment reference: ${prefix}[A-Z0-9]+$`));
  return ((await line.textContent()) ?? '').replace('Payment reference: ', '').trim();
}

/**
 * Checks the dialog is modal: focus starts inside and Tab and Shift+Tab stay inside; the page
 * behind has its overflow hidden and a wheel turn does not move it.
 */
export async function expectModal(page: Page, dialog: Locator): Promise<void> {
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
  const before = await page.evaluate(() => window.scrollY);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
  await page.mouse.move(10, 400);
  await page.mouse.wheel(0, 800);
  await page.waitForTimeout(150);
  expect(await page.evaluate(() => window.scrollY)).toBe(before);
}

/**
 * Copy UPI ID in `scope` copies the id and says "UPI ID copied!" for 3 seconds (the page's clock installed;
 * the page is let use the clipboard).
 */
export async function expectUpiIdCopied(page: Page, scope: Locator): Promise<void> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const status = scope.getByRole('status');
  await page.clock.pauseAt(Date.now() + 60_000);
  await scope.getByRole('button', { name: 'Copy UPI ID' }).click();
  await expect(status).toHaveText('UPI ID copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(UPI_ID);
  await page.clock.runFor(2_900);
  await expect(status).toHaveText('UPI ID copied!');
  await page.clock.runFor(200);
  await expect(status).toHaveText('');
}
