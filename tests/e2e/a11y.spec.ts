import AxeBuilder from '@axe-core/playwright';
import { desktopAndPhone, expect, test } from './fixtures';
import { routes } from '../../lib/routes';

/** Automated WCAG 2.2 A/AA checks: every page of the table, at 1280 px and at 375 px. */
for (const viewport of desktopAndPhone) {
  test.describe(`accessibility at ${viewport.width} px`, () => {
    test.use({ viewport });
    const paths = routes.map((r) => r.path as string);
    for (const path of paths) {
      test(`${path} has no detectable WCAG A/AA violations`, async ({ page }) => {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
          .exclude('iframe')
          .analyze();
        const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
        expect(summary).toEqual([]);
      });
    }
  });
}
