import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';

/**
 * The accessibility checks of the browser tests: axe-core run in the page, each violation one line
 * (`rule: the elements it found`). axe-core is injected once per document and run there directly,
 * rather than through `@axe-core/playwright`, whose every analysis opens a second page to merge the
 * frames' results: measured on this machine, a whole-page check took 2.1–3.3 s that way and takes
 * 0.6–1.0 s (0.3–0.4 s for a second check of the same document) this way. Embedded frames (the
 * map) are left out in every check: the test browser is offline (tests/e2e/browser.ts).
 */

/** WCAG 2.2 level A and AA, as axe tags them. */
const wcagAA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeScope {
  /** The CSS selector of the part of the page to check (all of it by default). */
  within?: string;
  /** axe's tags to check (WCAG 2.2 A/AA by default); `all` runs every rule axe enables by default. */
  tags?: string[] | 'all';
}

/** The violations axe finds on the page as it is now, one line each. */
export async function axeViolations(page: Page, { within, tags = wcagAA }: AxeScope = {}): Promise<string[]> {
  // Evaluated as a string, so that the page's Content Security Policy (no inline scripts) allows it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ within, tags }) => {
      // biome-ignore lint/suspicious/noExplicitAny: axe-core's global, injected above.
      const axe = (window as any).axe;
      const context = { ...(within ? { include: [[within]] } : {}), exclude: [['iframe']] };
      const options = { iframes: false, ...(tags === 'all' ? {} : { runOnly: { type: 'tag', values: tags } }) };
      const results: { violations: Array<{ id: string; nodes: Array<{ target: string[] }> }> } = await axe.run(
        context,
        options,
      );
      return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    },
    { within, tags },
  );
}
