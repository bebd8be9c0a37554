import type { Locator, Page } from '@playwright/test';
import { axeViolations } from './axe';
import { expect, test } from './fixtures';

/**
 * Screens checked as a phone shows them (375 px), inside the browser tests that already open them:
 * each kept as a screenshot beside the test's results (and attached to its report), its height
 * printed, axe finding nothing. A few hundred milliseconds each: no server or page of their own.
 */

/** The phone of these checks. */
export const phone = { width: 375, height: 740 } as const;

/** Keeps the page as the phone shows it (test-results/…/<name>-375.png) and answers its height; axe finds nothing. */
export async function keepPhoneScreen(page: Page, name: string): Promise<number> {
  const file = test.info().outputPath(`${name}-375.png`);
  await page.screenshot({ path: file, fullPage: true });
  await test.info().attach(`${name} at 375 px`, { path: file, contentType: 'image/png' });
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  test.info().annotations.push({ type: 'screen', description: `${name} at 375 px: ${height} px tall` });
  console.log(`${name} at 375 px: ${height} px tall`);
  expect(await axeViolations(page)).toEqual([]);
  return height;
}

/** Whether a part of the page lies in the first screen, the page scrolled to its top. */
export async function expectInFirstScreen(page: Page, part: Locator): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await part.boundingBox();
  const height = page.viewportSize()?.height ?? phone.height;
  console.log(`first screen ${height} px: the part's bottom at ${Math.round((box?.y ?? 0) + (box?.height ?? 0))} px`);
  expect(box, 'shown').not.toBeNull();
  expect((box?.y ?? Infinity) + (box?.height ?? 0), 'bottom within the first screen').toBeLessThanOrEqual(height);
}

/** A text box drawn as one (not a dark bar): a white field with a border, found by its label. */
async function expectDrawnBox(box: Locator): Promise<void> {
  await expect(box).toBeVisible();
  const look = await box.evaluate((el) => {
    const s = getComputedStyle(el);
    return { background: s.backgroundColor, border: Number.parseFloat(s.borderTopWidth), style: s.borderTopStyle };
  });
  expect(look.background).toBe('rgb(255, 255, 255)');
  expect(look.border).toBeGreaterThanOrEqual(1);
  expect(look.style).toBe('solid');
}

/** A main button that looks pressable: styled as the site's buttons, not the browser's plain (or a disabled) one. */
export async function expectPressable(button: Locator): Promise<void> {
  await expect(button).toBeEnabled();
  const look = await button.evaluate((el) => {
    const plain = document.createElement('button');
    el.parentElement?.append(plain);
    const own = getComputedStyle(el);
    const out = {
      background: own.backgroundColor,
      plain: getComputedStyle(plain).backgroundColor,
      opacity: own.opacity,
      cursor: own.cursor,
    };
    plain.remove();
    return out;
  });
  expect(look.background).not.toBe(look.plain);
  expect(look.opacity).toBe('1');
  expect(look.cursor).toBe('pointer');
}

/** Nothing of the part is cut off: its text wraps inside its box, and the box inside the phone's width. */
export async function expectWhole(part: Locator): Promise<void> {
  const fit = await part.evaluate((el) => ({
    cut: el.scrollWidth - el.clientWidth,
    right: el.getBoundingClientRect().right,
  }));
  expect(fit.cut).toBeLessThanOrEqual(0);
  expect(fit.right).toBeLessThanOrEqual(phone.width);
}

/**
 * The Books month view on a phone, with an open refund request (its row): one heading, the requests
 * to answer before the month's books and in the first screen, every box drawn and labelled.
 */
export async function expectBooksOnPhone(page: Page, request: Locator): Promise<void> {
  await expect(request).toBeVisible();
  await keepPhoneScreen(page, 'books');
  await expect(page.getByRole('heading', { name: /^Books/ })).toHaveCount(1);
  const toAnswer = page.getByRole('heading', { name: /^Refund requests to answer/ });
  await expectInFirstScreen(page, toAnswer);
  const month = page.getByLabel('Month', { exact: true });
  await expectAbove(toAnswer, month);
  for (const box of [
    month,
    request.getByLabel('Refund UTR'),
    request.getByLabel('Amount (₹)'),
    request.getByLabel('Reason'),
  ])
    await expectDrawnBox(box);
}

/** Whether one part of the page is drawn above another (it comes first as the eye reads). */
export async function expectAbove(first: Locator, then: Locator): Promise<void> {
  const a = await first.boundingBox();
  const b = await then.boundingBox();
  expect(a?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(b?.y ?? 0);
}
