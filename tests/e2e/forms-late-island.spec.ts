import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { formCases } from './forms-cases';

/**
 * The forms hydrate after the rest of the page (components/forms/form-islands.tsx): the page's own
 * script goes live first, the form's code loads at the visitor's first touch or when the phone is
 * idle. Here that code is held back on purpose (the scripts the page's HTML names load; any later
 * one waits), so the page is live and its form is not: a visitor who types then keeps every
 * character once the form hydrates, and one who sends at once is answered as without JavaScript.
 * The real service answers; nothing is intercepted but the held scripts.
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
    // The page is live, the form is not: its code was asked for at the first touch and is held.
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
