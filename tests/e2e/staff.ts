import os from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
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

/**
 * Opens the dashboard's section `name` from its list, as staff do: on a phone, where the list folds
 * under "Sections" while a view is open, it is opened first.
 */
export async function openSection(page: Page, name: string) {
  const nav = page.getByRole('navigation', { name: 'Dashboard' });
  const link = nav.getByRole('link', { name });
  if (!(await link.isVisible())) await nav.getByText('Sections').click();
  await link.click();
}
