import { expect, test } from './fixtures';
import { field, fillTimePasses, openForm } from './forms-helpers';
import { chatText } from './payment-helpers';
import { scheduleMasterclass } from './journey-helpers';
import { dashboardBase, e2ePort, signIn } from './staff';

/**
 * The whole chain with nothing intercepted: a visitor's form goes to the bundled service's inbox
 * (no external endpoint is configured), and a signed-in staff member reads it in the dashboard.
 */
test('a masterclass sign-up reaches the inbox, carries the e-mail to /payment, and staff read it', async ({
  page,
  browser,
}) => {
  // Letters only (the name field strips the rest), unique so a rerun on the same data finds one row.
  // Staff have scheduled a session: the page offers the next one with seats, and the sign-up names it.
  await scheduleMasterclass(`http://127.0.0.1:${e2ePort}`);
  const name = `Inbox Visitor ${Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')}`;
  await openForm(page, '/masterclass');
  await field(page, 'Name').fill(name);
  await field(page, 'Email').fill('inbox.visitor@example.in');
  await field(page, 'Phone').fill('9876543210');
  await field(page, 'City').fill('Pune');
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await fillTimePasses(page);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/forms/masterclass') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Confirm My Seat' }).click(),
  ]);
  expect(response.status()).toBe(201);
  await page.waitForURL(/\/payment$/);
  expect(await chatText(page)).toContain('\nEmail: inbox.visitor@example.in\n');

  // A visitor cannot read the inbox.
  expect((await page.request.get('/api/forms/masterclass')).status()).toBe(401);

  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, `${dashboardBase}/forms/masterclass`);
  const row = staff.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('inbox.visitor@example.in');
  // The session it names, as its label reads ("Fri 11 Jan 2030, 2pm IST").
  await expect(row).toContainText(/ \d{4}, \d{1,2}(:\d\d)?[ap]m IST/);
});

test('a query reaches the inbox and shows in the dashboard as text', async ({ page, browser }) => {
  const stamp = Date.now();
  const query = `<b>Is the studio open</b> on Sundays? ${stamp}`;
  await openForm(page, '/query');
  await field(page, 'Name').fill('Query Visitor');
  await field(page, 'Email').fill('query.visitor@example.com');
  await page.locator('form').getByRole('textbox', { name: 'Your query', exact: true }).fill(query);
  await fillTimePasses(page);
  await page.getByRole('button', { name: 'Send Query' }).click();
  await expect(page.getByText('Query submitted successfully!')).toBeVisible();

  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, `${dashboardBase}/forms/query`);
  // Markup is stripped before sending, as the spec says; the rest arrives as typed.
  await expect(staff.getByRole('row').filter({ hasText: `Is the studio open on Sundays? ${stamp}` })).toHaveCount(1);
});

test('without JavaScript the query form posts to the inbox, nothing typed lands in the URL, and staff read it', async ({
  browser,
}) => {
  const stamp = Date.now();
  const query = `Do you record choirs without script? ${stamp}`;
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/query');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('No Script Visitor');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('noscript.visitor@example.com');
  await page.getByRole('textbox', { name: 'Your query', exact: true }).fill(query);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/forms/query') && r.request().method() === 'POST'),
    page.getByRole('button', { name: 'Send Query' }).click(),
  ]);
  expect(response.status()).toBe(200);
  // The answer is the query page itself, with the spec's message where the form shows its outcome.
  await expect(page.getByRole('status')).toContainText('Query submitted successfully!');
  await expect(page.getByRole('heading', { level: 1, name: 'Submit Your Query' })).toBeVisible();
  expect(page.url()).not.toContain('noscript.visitor');
  expect(page.url()).not.toContain('choirs');

  // A mistake the browser does not catch itself comes back beside its field, with what was typed.
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('No Script Visitor');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('noscript.visitor@example.com');
  await page.getByRole('textbox', { name: 'Your query', exact: true }).fill('Too short');
  await page.getByRole('button', { name: 'Send Query' }).click();
  await expect(page.getByRole('textbox', { name: 'Your query', exact: true })).toHaveAccessibleDescription(
    /Query should be at least 10 characters/,
  );
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('No Script Visitor');
  await context.close();

  const staff = await (await browser.newContext()).newPage();
  await signIn(staff, `${dashboardBase}/forms/query`);
  await expect(staff.getByRole('row').filter({ hasText: query })).toHaveCount(1);
});

test('without JavaScript the masterclass button is not stuck disabled', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/masterclass');
  await expect(page.getByRole('button', { name: 'Confirm My Seat' })).toBeEnabled();
  await expect(page.locator('form')).toHaveAttribute('method', 'post');
  await expect(page.locator('form')).toHaveAttribute('action', '/api/forms/masterclass');
  await context.close();
});
