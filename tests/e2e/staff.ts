import os from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { studioDefaults } from '../../content/studio';

/** The staff account the browser tests' server is started with (see playwright.config.ts). */
export const e2eStaff = { name: 'e2e-staff', password: 'e2e-only-password-not-secret' } as const;

/** The dashboard's base path on the served build (STUDIO_SLUG when set at build time). */
export const dashboardBase = `/dashboard-${process.env.STUDIO_SLUG || studioDefaults.slug}`;

/** The port the browser tests' server listens on (E2E_PORT, 3100 by default). */
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);

/** The served site's embedded database: a folder of its own per port, outside the project. */
export const e2eDataDir = path.join(os.tmpdir(), `studio-e2e-data-${e2ePort}`);

/** Opens the roster of the first session the dashboard's Sessions view lists. */
export const openFirstRoster = (page: Page) =>
  page
    .getByRole('button', { name: /^Roster/ })
    .first()
    .click();

/**
 * Signs in with the dashboard's sign-in form, as e2eStaff unless `as` says otherwise, on the page
 * at `at` (or where the page already is), and waits until the dashboard says who is signed in.
 */
export async function signIn(page: Page, at?: string, as: { name: string; password: string } = e2eStaff) {
  if (at !== undefined) await page.goto(at);
  await page.getByLabel('Name').fill(as.name);
  await page.getByLabel('Password').fill(as.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Signed in as ${as.name}`)).toBeVisible();
}

/** How staff work the dashboard: with the pointer, or with the keyboard only (focus, then Enter). */
type By = { by?: 'pointer' | 'keyboard' };

const press = async (page: Page, target: Locator, { by = 'pointer' }: By) => {
  if (by === 'pointer') return target.click();
  await target.focus();
  await page.keyboard.press('Enter');
};

/**
 * Unfolds the dashboard's list of sections where it is folded under "Sections" (on a phone, while a
 * view is open), by pointer or by keyboard; the list's navigation.
 */
export async function openSections(page: Page, how: By = {}) {
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  if (!(await nav.getByRole('link').first().isVisible())) await press(page, nav.getByText('Sections'), how);
  return nav;
}

/** Opens the dashboard's section `name` from its list, as staff do: the list unfolded first where it is folded. */
export async function openSection(page: Page, name: string | RegExp, how: By = {}) {
  const link = (await openSections(page, how)).getByRole('link', { name });
  await expect(link).toBeVisible();
  await press(page, link, how);
}
