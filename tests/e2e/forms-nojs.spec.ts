import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { formCases } from './forms-cases';
import { e2eStaff } from './staff';

/**
 * Every form with JavaScript off, against the real service (nothing intercepted): the browser posts
 * the form itself (method POST, nothing typed in the URL); a refused form comes back as the form's
 * own page in the site's layout with everything typed filled in again and each message beside its
 * field; once corrected, it is stored (read back by staff) and the visitor lands on the right page.
 */
test.use({ javaScriptEnabled: false });

const invalidMessage = 'Some fields are missing or not valid.';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function staffRows(request: APIRequestContext, path: string): Promise<unknown[]> {
  const login = await request.post('/api/auth/login', { data: { name: e2eStaff.name, password: e2eStaff.password } });
  expect(login.status()).toBe(200);
  const rows = await request.get(path);
  expect(rows.status()).toBe(200);
  return (await rows.json()) as unknown[];
}

/** Sends the page's form by its button and returns the answer to its POST. */
async function send(page: Page, button: string, post: string) {
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === post && r.request().method() === 'POST'),
    page.getByRole('button', { name: button }).click(),
  ]);
  await page.waitForLoadState('domcontentloaded');
  return response;
}

/** The site's own layout: its header navigation and footer are there. */
async function inSiteLayout(page: Page) {
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expect(page.getByRole('navigation').first()).toBeAttached();
}

for (const c of formCases) {
  test(`${c.form} without JavaScript: a refusal keeps everything typed, then the entry is stored`, async ({
    page,
    request,
  }) => {
    const email = `nojs.${c.form}.${unique()}@example.com`;
    await page.goto(c.path);
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: c.button }) });
    await expect(form).toHaveAttribute('method', 'post');
    for (const [label, value] of c.early) await form.getByRole('textbox', { name: label, exact: true }).fill(value);
    await c.rest(page);
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    const [label, bad, message, good] = c.refused;
    await form.getByRole('textbox', { name: label, exact: true }).fill(bad);

    const refused = await send(page, c.button, c.post);
    if (c.form === 'masterclass') {
      // A sign-up names a session scheduled with seats, and the build this server serves lists none
      // (none was scheduled when it was built): refused with the sessions' state, everything typed
      // kept, nothing stored. A sign-up without JavaScript to a session the build lists is
      // journey-sessions-nojs.spec.ts's.
      expect([400, 409]).toContain(refused.status());
      await inSiteLayout(page);
      const again = page.locator('form').filter({ has: page.getByRole('button', { name: c.button }) });
      await expect(again.getByRole('alert').first()).toContainText(/session/i);
      await expect(again.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
      expect(JSON.stringify(await staffRows(request, c.post))).not.toContain(email);
      return;
    }
    expect(refused.status()).toBe(400);
    expect(refused.request().postData()).toContain(encodeURIComponent(email).replace(/%20/g, '+'));
    expect(page.url()).not.toContain('nojs.');
    await inSiteLayout(page);
    const again = page.locator('form').filter({ has: page.getByRole('button', { name: c.button }) });
    await expect(again.getByRole('alert')).toContainText(invalidMessage);
    const control = again.getByRole('textbox', { name: label, exact: true });
    await expect(control).toHaveValue(bad);
    await expect(control).toHaveAttribute('aria-invalid', 'true');
    await expect(control).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await expect(control).toBeFocused();
    for (const [name, value] of c.early)
      if (name !== label && name !== 'Email')
        await expect(again.getByRole('textbox', { name, exact: true })).toHaveValue(value);
    await expect(again.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);

    await control.fill(good);
    const stored = await send(page, c.button, c.post);
    expect([200, 303]).toContain(stored.status());
    await expect(page).toHaveURL(c.success[0]);
    await inSiteLayout(page);
    await expect(page.getByText(c.success[1]).first()).toBeVisible();
    expect(page.url()).not.toContain('nojs.');
    const rows = await staffRows(request, c.post);
    expect(JSON.stringify(rows)).toContain(email);
  });
}

for (const [path, prefix] of [
  ['/payment', 'MC'],
  ['/institute/course-payment', 'CR'],
] as const) {
  test(`the payment claim on ${path} without JavaScript: refused with values kept, received, and a repeat refused`, async ({
    page,
  }) => {
    const contact = `claim.${unique()}@example.com`;
    const utr = `9${String(Date.now()).slice(-7)}${Math.floor(Math.random() * 1e4)
      .toString()
      .padStart(4, '0')}`;
    await page.goto(path);
    const claim = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send payment details' }) });
    await expect(claim).toHaveAttribute('method', 'post');
    await expect(claim).toHaveAttribute('action', '/api/payments/claims');
    await claim.getByLabel('UPI transaction number (UTR)').fill('1234');
    await claim.getByLabel('Phone or e-mail you registered with').fill(contact);

    const refused = await send(page, 'Send payment details', '/api/payments/claims');
    expect(refused.status()).toBe(400);
    expect(page.url()).not.toContain('claim.');
    expect(page.url()).not.toContain('1234');
    await inSiteLayout(page);
    const utrBox = page.getByLabel('UPI transaction number (UTR)');
    await expect(utrBox).toHaveValue('1234');
    await expect(utrBox).toHaveAccessibleDescription(/Enter the 12-digit UPI transaction number/);
    await expect(page.getByLabel('Phone or e-mail you registered with')).toHaveValue(contact);

    await utrBox.fill(utr);
    const received = await send(page, 'Send payment details', '/api/payments/claims');
    expect(received.status()).toBe(201);
    await inSiteLayout(page);
    await expect(page.getByRole('status').filter({ hasText: 'we have received your payment details' })).toContainText(
      new RegExp(`Your payment reference: ${prefix}[0-9A-Z]+`),
    );

    await page.goto(path);
    await page.getByLabel('UPI transaction number (UTR)').fill(utr);
    await page.getByLabel('Phone or e-mail you registered with').fill(contact);
    const repeated = await send(page, 'Send payment details', '/api/payments/claims');
    expect(repeated.status()).toBe(409);
    await expect(page.getByLabel('UPI transaction number (UTR)')).toHaveAccessibleDescription(
      /This UTR has already been submitted/,
    );
  });
}

test('a form post that is too large answers with the form page in the site layout', async ({ page }) => {
  await page.goto('/query');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Asha Rao');
  // Past the field's own limit: the page's maxlength would stop typing, so the value is set directly.
  await page.getByRole('textbox', { name: 'Your query', exact: true }).evaluate((el: HTMLTextAreaElement) => {
    el.removeAttribute('maxlength');
    el.value = 'x'.repeat(20_000);
  });
  const answer = await send(page, 'Send Query', '/api/forms/query');
  expect(answer.status()).toBe(413);
  await inSiteLayout(page);
  await expect(page.getByRole('alert')).toContainText('The submission is too large');
});

test('the thank-you pages are right without JavaScript', async ({ page }) => {
  await page.goto('/submission-successfully/talent-show');
  await expect(page.getByText('Your talent show registration has been received.')).toBeVisible();
  await expect(page.getByText(/masterclass/i)).toHaveCount(0);
  await page.goto('/submission-successfully/course');
  await expect(page.getByText('Your course registration has been received.')).toBeVisible();
  await expect(page.getByText(/masterclass/i)).toHaveCount(0);
});
