import type { CDPSession, Page } from '@playwright/test';
import { expect, holdScripts, test } from './fixtures';
import { formCases } from './forms-cases';
import { scheduleMasterclass } from './journey-helpers';
import { e2ePort } from './staff';

/**
 * A visitor on a budget phone over a slow network starts typing as soon as the form is painted,
 * before the page's script has run. Chromium runs under Lighthouse's mobile profile (150 ms round
 * trip, 1.6 Mbit/s down, 750 kbit/s up, CPU slowed 4×). The page's scripts are also held back until
 * the typing is done, so the typing is surely before hydration on any machine (on a fast machine
 * the profile alone leaves a window of about a second); the test checks the page had not hydrated.
 * Then the visitor completes the form and sends it: what was typed first is still in the fields and
 * is what the service receives and stores (the real service: nothing is intercepted).
 */
async function slowPhone(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

/** Lifts the slow phone's limits. */
async function fullSpeed(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
}

test.describe('typing before the page is interactive, on a slow phone', () => {
  test.describe.configure({ timeout: 150_000 });

  for (const c of formCases) {
    test(`${c.form}: what was typed before hydration is kept and sent`, async ({ page }) => {
      // A sign-up names a session with a seat: staff have scheduled one, which the page offers.
      if (c.form === 'masterclass') await scheduleMasterclass(`http://127.0.0.1:${e2ePort}`);
      const phone = await slowPhone(page);
      const release = await holdScripts(page);
      const shownAt = Date.now();
      await page.goto(c.path, { waitUntil: 'commit' });
      const form = page.locator('form').filter({ has: page.getByRole('button', { name: c.button }) });
      for (const [label, value] of c.early) {
        await form.getByRole('textbox', { name: label, exact: true }).pressSequentially(value);
      }
      if (c.typedWrong)
        await form.getByRole('textbox', { name: c.typedWrong[0], exact: true }).pressSequentially(c.typedWrong[1]);
      expect(await page.locator('html[data-hydrated]').count()).toBe(0);
      release();
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 60_000 });
      await expect(form).toHaveAttribute('data-ready');
      for (const [label, value] of c.early) {
        await expect(form.getByRole('textbox', { name: label, exact: true })).toHaveValue(value);
      }
      // What was typed early is checked as soon as the page is interactive, not at its next change.
      if (c.typedWrong) await expect(form.getByText(c.typedWrong[2], { exact: true })).toBeVisible();
      // What is tested here happened before hydration: the rest of the form is filled at full speed.
      await fullSpeed(phone);
      await c.rest(page);
      for (const [label, value] of c.early) {
        await expect(form.getByRole('textbox', { name: label, exact: true })).toHaveValue(value);
      }
      // The minimum fill time counts from when the page was shown, not from hydration.
      await page.waitForTimeout(Math.max(0, 3200 - (Date.now() - shownAt)));
      const [request] = await Promise.all([
        page.waitForRequest((r) => r.url().endsWith(c.post) && r.method() === 'POST', { timeout: 30_000 }),
        form.getByRole('button', { name: c.button }).click(),
      ]);
      const response = await request.response();
      expect(response?.status()).toBe(201);
      const body = request.postDataJSON() as Record<string, unknown>;
      for (const [, value, key] of c.early) expect(body[key]).toBe(value);
      await expect(page.getByText('Please take a moment to check your details')).toHaveCount(0);
    });
  }
});
