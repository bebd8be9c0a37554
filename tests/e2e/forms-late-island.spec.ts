import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { queryPage } from '../../content/forms/pages';
import { formCases } from './forms-cases';

/**
 * The forms hydrate after the rest of the page (components/forms/form-islands.tsx): the page's own
 * script goes live first, the form's code arrives after it. Here that code is held back on purpose
 * (the scripts the page's HTML names load; any later one waits), so the page is live and its form
 * is not: a visitor who types then keeps every character once the form hydrates, and one who sends
 * at once is answered as without JavaScript. After a client-side navigation, with no HTML to keep,
 * the form page appears with its form. The real service answers; nothing is intercepted but the
 * held scripts.
 */
const query = formCases.find((c) => c.form === 'query');
if (!query) throw new Error('forms-cases.ts has no query form');

/** Opens the page live with its late scripts held; returns the function that lets them load. */
async function openWithFormHeld(page: Page, path: string): Promise<() => void> {
  const html = await (await page.request.get(path)).text();
  const named = new Set(html.match(/\/_next\/static\/chunks\/[^"']+\.js/g) ?? []);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    if (!named.has(new URL(route.request().url()).pathname)) await released;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'domcontentloaded' });
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return release;
}

const theForm = (page: Page) => page.locator('form').filter({ has: page.getByRole('button', { name: query.button }) });

test.describe('a form whose script has not loaded yet, on a live page', () => {
  test('what was typed is kept when the form hydrates, and the form then sends by script', async ({ page }) => {
    const release = await openWithFormHeld(page, query.path);
    const form = theForm(page);
    // The page is live, the form is not: its code was asked for and is held.
    for (const [label, value] of query.early) await form.getByRole('textbox', { name: label, exact: true }).fill(value);
    await query.rest(page);
    await expect(form).not.toHaveAttribute('data-ready');
    release();
    await expect(form).toHaveAttribute('data-ready');
    for (const [label, value] of query.early) {
      await expect(form.getByRole('textbox', { name: label, exact: true })).toHaveValue(value);
    }
    await page.waitForTimeout(3200);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith(query.post) && r.method() === 'POST'),
      form.getByRole('button', { name: query.button }).click(),
    ]);
    expect((await request.response())?.status()).toBe(201);
    const body = request.postDataJSON() as Record<string, unknown>;
    for (const [, value, key] of query.early) expect(body[key]).toBe(value);
    await expect(page.getByText(query.success[1])).toBeVisible();
  });

  test('sent before its script loads, it is sent as without JavaScript and stored', async ({ page }) => {
    await openWithFormHeld(page, query.path);
    const form = theForm(page);
    for (const [label, value] of query.early) await form.getByRole('textbox', { name: label, exact: true }).fill(value);
    await query.rest(page);
    await expect(form).not.toHaveAttribute('data-ready');
    // The service refuses an entry sent faster than a person fills the form.
    await page.waitForTimeout(3200);
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === query.post && r.request().method() === 'POST'),
      form.getByRole('button', { name: query.button }).click(),
    ]);
    expect([200, 303]).toContain(response.status());
    await expect(page).toHaveURL(query.success[0]);
    await expect(page.getByText(query.success[1]).first()).toBeVisible();
  });
});

test('after a client-side navigation the form page appears with its form, never without it', async ({ page }) => {
  await page.goto('/connect-with-us');
  // Each frame from here on: is the query page's heading on screen without its form?
  await page.evaluate((heading) => {
    const seen = { heading: false, bare: false };
    Object.assign(window, { seen });
    const look = () => {
      const shown = [...document.querySelectorAll('h1')].some((h) => h.textContent?.trim() === heading);
      seen.heading ||= shown;
      seen.bare ||= shown && !document.querySelector('form[data-form]');
      requestAnimationFrame(look);
    };
    look();
  }, queryPage.heading);
  // The form's code (and the new page's) is slow to come: a second on the line.
  await page.route('**/_next/static/chunks/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });
  await page.locator(`main a[href="${query.path}"]`).first().click();
  await expect(page).toHaveURL(query.path);
  await expect(theForm(page)).toHaveAttribute('data-ready');
  const seen = await page.evaluate(() => (window as unknown as { seen: { heading: boolean; bare: boolean } }).seen);
  expect(seen).toEqual({ heading: true, bare: false });
});
