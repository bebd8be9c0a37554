import { readFile } from 'node:fs/promises';
import { desktopAndPhone, expect, test } from './fixtures';
import { dashboardBase, openSection, signIn } from './staff';

const endpoint = '/pro-audio-form/save-form.php';

for (const viewport of desktopAndPhone) {
  test.describe(`the dashboard at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('a visitor opening the dashboard sees the sign-in, not data', async ({ page }) => {
      const response = await page.goto(`${dashboardBase}/get-audio-form-request`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      const direct = await page.request.get(endpoint);
      expect(direct.status()).toBe(401);
      expect(await direct.json()).toEqual({ message: 'Sign in to see submissions.' });
    });

    test('a wrong password is refused with a message', async ({ page }) => {
      await page.goto(dashboardBase);
      await page.getByLabel('Name').fill(`intruder-${viewport.width}`);
      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Wrong name or password.' })).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
    });

    test('staff sign in, see a submission as text, download the CSV, sign out and lose access', async ({ page }) => {
      const name = `Staff View ${viewport.width} ${Date.now()} <b>not bold</b>`;
      const sent = await page.request.post(endpoint, {
        data: {
          fullName: name,
          email: 'dev@example.com',
          phone: '+91 98765 43210',
          availability: ['Evenings'],
          additionalServices: ['Mastering'],
          budget: '=1+1',
          message: '',
        },
      });
      expect(sent.status()).toBe(201);

      await page.goto(dashboardBase);
      await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
      await signIn(page);
      await expect(page.getByText('Select a form from the sidebar')).toBeVisible();
      await page
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('link', { name: 'Audio form requests' })
        .click();
      await expect(page).toHaveURL(new RegExp(`${dashboardBase}/get-audio-form-request$`));
      const row = page.getByRole('row').filter({ hasText: name });
      await expect(row).toBeVisible();
      await expect(row.locator('b')).toHaveCount(0);
      await expect(row).toContainText('Evenings');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: 'Download CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^pro-audio-submissions-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile((await download.path()) ?? '', 'utf8');
      expect(csv.split('\r\n')[0]).toBe(
        '\uFEFFID,Full name,Email,Phone,Availability,Additional services,Budget,Message,Status,Paid,Note,Received (IST)',
      );
      expect(csv).toContain(name);
      expect(csv).toContain(",'=1+1,");

      // On the phone the sections have folded under "Sections" while the table is open.
      await openSection(page, 'Video form requests');
      await expect(page.getByText('Coming Soon')).toBeVisible();

      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
      await expect(page.getByText(name)).toHaveCount(0);
      expect((await page.request.get(endpoint)).status()).toBe(401);
      await page.goto(`${dashboardBase}/get-audio-form-request`);
      await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
    });

    test('deep links to any nested path reach the dashboard', async ({ page }) => {
      const response = await page.goto(`${dashboardBase}/no/such/view`);
      expect(response?.status()).toBe(200);
      await signIn(page);
      await expect(page.getByText('Select a form from the sidebar')).toBeVisible();
      await page.goto(`${dashboardBase}/get-voice-form-request`);
      await expect(page.getByText('Coming Soon')).toBeVisible();
    });

    test('a section opens without loading a page or its payload again, and Back returns to the one before', async ({
      page,
    }) => {
      await page.goto(`${dashboardBase}/get-voice-form-request`);
      await signIn(page);
      await expect(page.getByText('Coming Soon')).toBeVisible();
      const loads: string[] = [];
      page.on('request', (request) => {
        const payload = request.url().includes('.txt') || request.url().includes('_rsc') || request.headers().rsc;
        if (request.resourceType() === 'document' || payload) loads.push(request.url());
      });
      await openSection(page, /^Books/);
      await expect(page.getByRole('heading', { level: 1, name: /^Books/ })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(`${dashboardBase}/books`);
      await page.goBack();
      await expect(page.getByText('Coming Soon')).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(`${dashboardBase}/get-voice-form-request`);
      expect(loads).toEqual([]);
    });

    test('a failing table load shows a visible error', async ({ page }) => {
      await page.goto(dashboardBase);
      await signIn(page);
      await page.route('**/api/forms/pro-audio/rows*', (route) =>
        route.fulfill({ status: 500, json: { message: 'Database down.' } }),
      );
      await page
        .getByRole('navigation', { name: 'Dashboard' })
        .getByRole('link', { name: 'Audio form requests' })
        .click();
      await expect(page.getByRole('alert').filter({ hasText: 'Could not load the submissions' })).toBeVisible();
    });
  });
}

test('a signed-in staff member also sees the table on the form page', async ({ page }) => {
  await page.goto(dashboardBase);
  await signIn(page);
  await page.goto('/pro-audio-recording-form');
  await expect(page.getByRole('heading', { name: 'Submissions' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download CSV' })).toBeVisible();
});
