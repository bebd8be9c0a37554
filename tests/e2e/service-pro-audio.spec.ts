import type { Page } from '@playwright/test';
import { desktopAndPhone, expect, test } from './fixtures';
import { fillTimePasses, openForm } from './forms-helpers';

const endpoint = '/pro-audio-form/save-form.php';

async function fillForm(page: Page, name: string) {
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill('asha@example.com');
  await page.getByLabel('Phone').fill('9876543210');
  await page.getByRole('group', { name: 'Availability' }).getByLabel('Weekends').check();
  await page.getByRole('group', { name: 'Additional services' }).getByLabel('Mixing').check();
  await page.getByLabel('Budget').fill('₹15,000');
  await page.getByLabel('Message').fill('Three vocals over my own beats.');
  await fillTimePasses(page);
}

for (const viewport of desktopAndPhone) {
  test.describe(`the pro audio form at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('a visitor submits it, sees the server message, and the fields are cleared', async ({ page }) => {
      const reads: string[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith(endpoint) && r.method() === 'GET') reads.push(r.url());
      });
      await openForm(page, '/pro-audio-recording-form');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const name = `Visitor ${viewport.width} ${Date.now()}`;
      await fillForm(page, name);
      const [request] = await Promise.all([
        page.waitForRequest((r) => r.url().endsWith(endpoint) && r.method() === 'POST'),
        page.getByRole('button', { name: 'Submit' }).click(),
      ]);
      expect(request.postDataJSON()).toEqual({
        fullName: name,
        email: 'asha@example.com',
        phone: '9876543210',
        availability: ['Weekends'],
        additionalServices: ['Mixing'],
        budget: '₹15,000',
        message: 'Three vocals over my own beats.',
      });
      await expect(page.getByRole('alert').filter({ hasText: 'Form submitted successfully!' })).toBeVisible();
      await expect(page.getByLabel('Full name')).toHaveValue('');
      await expect(page.getByRole('group', { name: 'Availability' }).getByLabel('Weekends')).not.toBeChecked();
      // Visitors never see the table, and it is never requested for them.
      await expect(page.getByRole('heading', { name: 'Submissions' })).toHaveCount(0);
      expect(reads).toEqual([]);
    });

    test('name, e-mail and phone are required: marked, checked inline, focus on the first missing one', async ({
      page,
    }) => {
      let posts = 0;
      page.on('request', (r) => {
        if (r.url().endsWith(endpoint) && r.method() === 'POST') posts += 1;
      });
      await openForm(page, '/pro-audio-recording-form');
      for (const label of ['Full name', 'Email', 'Phone']) {
        await expect(page.getByRole('textbox', { name: label, exact: true })).toHaveAttribute('aria-required', 'true');
      }
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText('Full name is required')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Full name', exact: true })).toBeFocused();
      await page.getByRole('textbox', { name: 'Full name', exact: true }).fill('Asha');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText('Email is required')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toBeFocused();
      expect(posts).toBe(0);
    });

    test('a server error shows "Error submitting form." and keeps what was typed', async ({ page }) => {
      await page.route(`**${endpoint}`, (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 500, json: { message: 'boom' } })
          : route.continue(),
      );
      await openForm(page, '/pro-audio-recording-form');
      await fillForm(page, 'Kept Name');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Error submitting form.' })).toBeVisible();
      await expect(page.getByLabel('Full name')).toHaveValue('Kept Name');
      await expect(page.getByRole('group', { name: 'Additional services' }).getByLabel('Mixing')).toBeChecked();
    });

    test('a network failure shows "Error submitting form."', async ({ page }) => {
      await page.route(`**${endpoint}`, (route) =>
        route.request().method() === 'POST' ? route.abort() : route.continue(),
      );
      await openForm(page, '/pro-audio-recording-form');
      await fillForm(page, 'Offline Visitor');
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Error submitting form.' })).toBeVisible();
      await expect(page.getByLabel('Full name')).toHaveValue('Offline Visitor');
    });
  });
}
