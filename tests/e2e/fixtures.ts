import { test as base, expect, type Page } from '@playwright/test';

/**
 * The browser tests' `test`: Playwright's, with `page.goto` also waiting, after the `load` event,
 * until the page's script has hydrated it (RouteEffects marks `<html data-hydrated>`, each form
 * `data-ready`). Pages paint before their scripts load (lib/script-deferral.ts), so `load` can come
 * first, and a test that clicks at once would click a page that does not answer yet; a visitor
 * would see it and click again. Not waited for: pages without JavaScript, other hosts, answers that are not HTML, and
 * navigations that ask for less than `load`.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled, baseURL }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const html = response?.headers()['content-type']?.startsWith('text/html') ?? false;
      const ours = baseURL !== undefined && page.url().startsWith(baseURL);
      if (javaScriptEnabled !== false && html && ours && (options?.waitUntil ?? 'load') === 'load') {
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        // The forms hydrate after the page (components/forms/form-islands.tsx): each marks itself ready.
        await page.waitForFunction(() => document.querySelectorAll('form[data-form]:not([data-ready])').length === 0);
      }
      return response;
    };
    await use(page);
  },
});

export { expect };

/** The two screens the pages are tested at: a desktop's and a phone's. */
export const desktopAndPhone = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
] as const;

/** Holds back the page's own scripts (those `pattern` matches) until the answered `release` is called. */
export async function holdScripts(page: Page, pattern = '**/_next/static/**/*.js'): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
