import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The accessibility checks of the browser tests: axe run on the page as it is now, each violation
 * one line (`rule: the elements it found`). Embedded frames (the map) are left out in every check:
 * the test browser is offline (tests/e2e/browser.ts). With no frame to visit, axe runs in legacy
 * mode (one `axe.run` in the page) rather than in parts merged in a second, blank page, which
 * @axe-core/playwright opens for every analysis otherwise: measured on this machine, a whole-page
 * check took 2.1–3.3 s that way and 1.3–1.7 s this way. Only violations are collected
 * (`resultTypes`): axe then gathers no list of every element that passed, which the tests never read
 * (a whole-page check of four routes took 1.2–4.5 s that way and 1.4–5.3 s with them).
 */

/** WCAG 2.2 level A and AA, as axe tags them. */
const wcagAA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface AxeScope {
  /** The CSS selector of the part of the page to check (all of it by default). */
  within?: string;
  /** axe's tags to check (WCAG 2.2 A/AA by default); `all` runs every rule axe enables by default. */
  tags?: string[] | 'all';
}

/** The violations axe finds on the page as it is now, one line each. */
export async function axeViolations(page: Page, { within, tags = wcagAA }: AxeScope = {}): Promise<string[]> {
  let axe = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .exclude('iframe');
  if (within) axe = axe.include(within);
  if (tags !== 'all') axe = axe.withTags(tags);
  const results = await axe.analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
