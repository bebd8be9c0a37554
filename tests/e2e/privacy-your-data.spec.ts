/**
 * A visitor's data, end to end, on the real server (its own process, embedded database and a real
 * SMTP server on loopback): the visitor asks for their data with their e-mail, opens the one-time
 * link, asks for a correction and for erasure; staff correct a field and erase from the dashboard's
 * requests; afterwards the person appears nowhere (tables, the person search, the CSV, the e-mail
 * records, the "Your data" page), the visitor was told by e-mail, and the owner's access log holds
 * an entry for each action.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { scheduleMasterclass } from './journey-helpers';
import { waitFor } from './own-site';
import { startPrivacySite } from './privacy-site';
import { dashboardBase, e2eStaff, signIn } from './staff';

let privacy: Awaited<ReturnType<typeof startPrivacySite>>;
let site = '';
const mailsTo = (to: string) => privacy.mailsTo(to);
const asha = { name: 'Asha Verma', email: 'asha.verma@example.com', phone: '9876543210' };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  privacy = await startPrivacySite();
  site = privacy.site;
  const schedule = await scheduleMasterclass(site);
  for (const who of [asha, { name: 'Ravi Kumar', email: 'ravi@example.com', phone: '9123456780' }]) {
    const res = await privacy.post('/api/forms/masterclass', {
      ...who,
      city: 'Pune',
      level: 'Beginner',
      schedule,
    });
    expect(res.status).toBe(201);
  }
  const claim = { utr: '111122223333', contact: asha.phone, reference: 'MC0ABCDEFGH', amountPaise: 49_900 };
  expect((await privacy.post('/api/payments/claims', claim)).status).toBe(201);
});

test.afterAll(() => privacy.stop());

test.use({ baseURL: undefined });

async function askForLink(page: Page, email: string): Promise<string> {
  await page.goto(`${site}/your-data`);
  // Another origin than the fixture's: wait for the page's script, or the click posts the form without it.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByLabel('Your e-mail address').fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  const status = page.getByRole('status').filter({ hasText: 'a link to your data is on its way' });
  await expect(status).toBeVisible();
  return (await status.textContent()) ?? '';
}

async function openNewestLink(page: Page, email: string, count: number) {
  const mail = await waitFor(
    `link e-mail ${count}`,
    () => mailsTo(email).filter((text) => text.includes('#link='))[count - 1],
  );
  const link = mail.match(/(http:\/\/\S+\/your-data#link=[A-Za-z0-9_-]+)/)?.[1] ?? '';
  await page.goto(link);
  return link;
}

test('a visitor sees their data through a one-time link, asks for a correction and erasure; staff do both; the person is then nowhere', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The same answer for an address the studio knows and one it does not.
  const known = await askForLink(page, asha.email);
  const unknown = await askForLink(page, 'nobody@example.com');
  expect(known).toBe(unknown);

  const link = await openNewestLink(page, asha.email, 1);
  await expect(page.getByRole('heading', { name: 'Form submissions (1)' })).toBeVisible();
  await expect(page.getByText('Asha Verma')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment claims (1)' })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
  // The download, through the page's typed client with the session in its header.
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data (JSON)' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/\.json$/);
  expect(await readFile(await file.path(), 'utf8')).toContain('Asha Verma');
  // Used once: the same link opened again shows nothing.
  const other = await browser.newPage();
  await other.goto(link);
  // A page of its own (not the fixture's): its script reads the link once it has hydrated.
  await other.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(other.getByText('This link has expired or was already used.')).toBeVisible();
  await other.close();

  await page.getByLabel('What should we correct?').fill('My name is Asha Varma, with an a.');
  await page.getByRole('button', { name: 'Ask for a correction' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your request is received' })).toBeVisible();
  await page.getByRole('checkbox', { name: /Erase everything you hold about me/ }).check();
  await page.getByRole('button', { name: 'Ask for erasure' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your request is received' })).toBeVisible();

  // Staff: the two requests with their due dates; the correction first, in the person's view.
  const staff = await browser.newPage();
  await signIn(staff, `${site}${dashboardBase}/privacy-requests`);
  const correction = staff.getByRole('listitem', { name: /Request \d+/ }).filter({ hasText: 'correction' });
  await expect(correction).toContainText('open, due');
  await expect(correction).toContainText('Asha Varma, with an a');
  await correction.getByRole('button', { name: 'Open this person' }).click();
  await expect(staff.getByRole('heading', { name: 'Everything held about a•••@example.com' })).toBeVisible();
  await staff.getByRole('button', { name: 'Correct name' }).click();
  await staff.getByLabel('New value of name').fill('Asha Varma');
  await staff.getByRole('button', { name: 'Save correction' }).click();
  await expect(staff.getByRole('cell', { name: 'Asha Varma Correct name' })).toBeVisible();
  await expect(staff.getByText(`${e2eStaff.name}: corrected name`)).toBeVisible();
  await correction.getByLabel(/Outcome of request/).fill('Name corrected.');
  await correction.getByRole('button', { name: 'Mark done' }).click();
  await expect(
    staff.getByRole('status').filter({ hasText: 'Answered. The visitor was told by e-mail.' }),
  ).toBeVisible();
  await waitFor('the correction e-mail', () => mailsTo(asha.email).find((text) => text.includes('Name corrected.')));

  const erasure = staff.getByRole('listitem', { name: /Request \d+/ }).filter({ hasText: 'erasure' });
  await erasure.getByRole('button', { name: 'Erase and tell the visitor…' }).click();
  // It asks first, naming the person (as corrected) and what goes.
  const confirm = staff.getByRole('dialog', { name: `Erase everything held about Asha Varma (${asha.email})?` });
  await confirm.getByRole('button', { name: `Erase Asha Varma (${asha.email})` }).click();
  await expect(
    staff.getByRole('status').filter({ hasText: 'Erased and answered. The visitor was told by e-mail.' }),
  ).toBeVisible();
  await waitFor('the erasure e-mail', () => mailsTo(asha.email).find((text) => text.includes('we have erased')));

  // Nowhere: the person search, the e-mail records, the masterclass table and its CSV.
  await staff.goto(`${site}${dashboardBase}/people`);
  await staff.getByLabel('E-mail or phone').fill(asha.email);
  await staff.getByRole('button', { name: 'Find' }).click();
  await expect(staff.getByText('Nothing is held about this address.')).toBeVisible();
  await expect(staff.getByText(/^Erased .* by e2e-staff \(visitor's request \d+\)\.$/)).toBeVisible();
  await staff.goto(`${site}${dashboardBase}/forms/masterclass`);
  await expect(staff.getByText('Ravi Kumar')).toBeVisible();
  await expect(staff.getByText(/Asha/)).toHaveCount(0);
  const csv = await staff.request.get(`${site}/api/forms/masterclass/export.csv`);
  const csvText = await csv.text();
  expect(csvText).toContain('Ravi Kumar');
  expect(csvText).not.toMatch(/asha|9876543210/i);

  // The owner's access log: the view, the correction, the answer and the erasure, by whom.
  await staff.goto(`${site}${dashboardBase}/access-log`);
  await staff.getByLabel('Only this person (e-mail or phone)').fill(asha.email);
  await staff.getByRole('button', { name: 'Show' }).click();
  const rows = staff.getByRole('row');
  for (const action of ['view', 'correct', 'request', 'erase']) {
    await expect(rows.filter({ hasText: new RegExp(`${e2eStaff.name}\\s*${action}`) }).first()).toBeVisible();
  }
  await expect(staff.getByText(/asha/i)).toHaveCount(0);

  // The visitor's page: nothing held, and the erasure's date.
  await askForLink(page, asha.email);
  await openNewestLink(page, asha.email, 2);
  await expect(page.getByText('Nothing is held about this address.')).toBeVisible();
  await expect(page.getByText(/Data held under this address was erased on/)).toBeVisible();
});

test('the page answers a malformed address with a clear message, and says where to write without JavaScript', async ({
  browser,
}) => {
  const page = await browser.newPage();
  await page.goto(`${site}/your-data`);
  await page.getByLabel('Your e-mail address').fill('asha@');
  await page.getByRole('button', { name: 'Send me a link' }).click();
  // The browser's own check stops it first; the service refuses the same when sent directly.
  const res = await page.request.post(`${site}/api/your-data/link`, { data: { email: 'asha@' } });
  expect(res.status()).toBe(400);
  expect((await res.json()).message).toBe('Enter a valid e-mail address.');
  await page.close();
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const bare = await noJs.newPage();
  await bare.goto(`${site}/your-data`);
  // Playwright's text selectors skip <noscript>, so the notice is found by its element.
  await expect(bare.locator('main noscript p')).toContainText(
    'seeing your data through it needs JavaScript. You can also write to',
  );
  // The form asks for a link by itself: posted with POST, answered with the page and the same message.
  await bare.getByLabel('Your e-mail address').fill('nobody-nojs@example.com');
  await bare.getByRole('button', { name: 'Send me a link' }).click();
  await expect(bare.getByText('If this address can receive e-mail, a link to your data is on its way.')).toBeVisible();
  expect(bare.url()).not.toContain('nobody-nojs');
  await noJs.close();
});

test('each form shows its notice beside the submit button; registrations ask a parent or guardian to submit for under-18s', async ({
  browser,
}) => {
  const page = await browser.newPage();
  await page.goto(`${site}/one11Register`);
  const notice = page.locator('[data-privacy-notice="talent-show"]');
  await expect(notice).toContainText('If you are under 18, a parent or guardian must fill in and submit this form');
  await expect(notice).toContainText('keep it for 1 year');
  await expect(notice).toContainText('Questions or complaints: Grievance officer to be named');
  await expect(notice.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', '/privacy-policy');
  await expect(notice.getByRole('link', { name: 'Your data' })).toHaveAttribute('href', '/your-data');
  // Right before the form's buttons.
  const next = await notice.evaluate((el) => el.nextElementSibling?.querySelector('button[type="submit"]') !== null);
  expect(next).toBe(true);
  await page.goto(`${site}/query`);
  await expect(page.locator('[data-privacy-notice="query"]')).not.toContainText('under 18');
  await page.close();
});
