import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { expect, test } from './fixtures';
import { androidPhone } from './payment-helpers';

// axe is heavy on a shared two-core machine.
test.describe.configure({ timeout: 90_000 });

const pages = [
  {
    path: '/payment',
    open: async (page: Page) => {
      await page.getByRole('radio', { name: 'QR Code' }).check();
      await page.getByRole('button', { name: 'Proceed to Pay' }).click();
    },
  },
  {
    path: '/institute/course-payment',
    open: async (page: Page) => {
      await page.getByRole('button', { name: 'Pay via UPI' }).click();
    },
  },
];

for (const viewport of [{ width: 1280, height: 800 }, androidPhone.viewport]) {
  test.describe(`payment pages at ${viewport.width} px`, () => {
    test.use(viewport.width < 400 ? androidPhone : { viewport });

    for (const { path, open } of pages) {
      test(`${path} and its Scan to Pay dialog have no accessibility violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByText(/^Payment reference: [A-Z]{2}[A-Z0-9]+$/)).toBeVisible();
        // The page itself is checked by pages.spec.ts; here, its state with the reference and the dialog.
        expect(await axeViolations(page, { within: 'main' })).toEqual([]);
        if (viewport.width < 400 && path === '/institute/course-payment') return; // a phone goes to the app, not the dialog
        await open(page);
        await expect(page.getByRole('dialog', { name: 'Scan to Pay' })).toBeVisible();
        expect(await axeViolations(page, { within: 'dialog', tags: 'all' })).toEqual([]);
      });
    }
  });
}
