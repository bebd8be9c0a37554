import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { androidPhone } from './payment-helpers';

async function expectNoViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .include('main')
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

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
        await expectNoViolations(page);
        if (viewport.width < 400 && path === '/institute/course-payment') return; // a phone goes to the app, not the dialog
        await open(page);
        await expect(page.getByRole('dialog', { name: 'Scan to Pay' })).toBeVisible();
        const results = await new AxeBuilder({ page }).include('dialog').analyze();
        expect(results.violations.map((v) => v.id)).toEqual([]);
      });
    }
  });
}
