import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { draftSaved, expectSent, field, fillIn, fillTimePasses, openWithInbox, select } from './forms-helpers';

const fillValid = (page: Page) =>
  fillIn(page, {
    'Full name': '  Asha Rao ',
    'Stage name': 'Asha',
    'Contact number': '+91 9876543210',
    Email: 'asha@example.com',
    Category: 'Battle of Rappers',
    'Performance type': 'Duo',
    'Demo link': 'https://drive.google.com/demo',
    'Photo or logo link': 'https://drive.google.com/photo',
    Bio: 'Rapper from Pune.',
    'Signature (type your full name)': 'Asha Rao',
  });

const expected = {
  FullName: 'Asha Rao',
  ContactNumber: '+91 9876543210',
  StageName: 'Asha',
  Email: 'asha@example.com',
  Category: 'Battle of Rappers',
  PerformanceType: 'Duo',
  DemoLink: 'https://drive.google.com/demo',
  PhotoLink: 'https://drive.google.com/photo',
  Bio: 'Rapper from Pune.',
  Signature: 'Asha Rao',
};

test.describe('talent show registration', () => {
  test('starts with +91 and -- Select --; an empty submit shows Required, focuses the first field and sends nothing; a reload keeps the draft', async ({
    page,
  }) => {
    const inbox = await openWithInbox(page, 'talent-show', '/one11Register', 'Register');
    await expect(page.getByRole('heading', { level: 1, name: 'One11 Registration' })).toBeVisible();
    await expect(field(page, 'Contact number')).toHaveValue('+91');
    await expect(select(page, 'Category')).toHaveValue('');
    await expect(select(page, 'Category').locator('option').first()).toHaveText('-- Select --');
    await expect(select(page, 'Performance type').locator('option').first()).toHaveText('-- Select --');

    await inbox.sendIncomplete('Full name');
    await expect(page.getByText('Required', { exact: true })).toHaveCount(10);
    await expect(field(page, 'Full name')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(page, 'Full name')).toHaveAccessibleDescription('Required');

    await field(page, 'Full name').fill('Asha Rao');
    await select(page, 'Category').selectOption('Battle of DJs');
    await draftSaved(page, 'talent-show', 'Battle of DJs');
    await page.reload();
    await expect(field(page, 'Full name')).toHaveValue('Asha Rao');
    await expect(select(page, 'Category')).toHaveValue('Battle of DJs');
    await expect(field(page, 'Contact number')).toHaveValue('+91');
  });

  test('a 500 and a network failure keep the values and show the messages; then it sends exactly the expected body and goes to /submission-successfully', async ({
    page,
  }) => {
    const inbox = await openWithInbox(page, 'talent-show', '/register', 'Register');
    await fillValid(page);
    await fillTimePasses(page);
    await inbox.sendRefused('server-error', /Submission failed\. Try again later\./);
    await expect(field(page, 'Full name')).toHaveValue('  Asha Rao ');
    await expect(inbox.submit).toBeEnabled();

    await inbox.sendRefused('network-error', /Submission error\. Try again later\./);
    await expect(field(page, 'Bio')).toHaveValue('Rapper from Pune.');
    await expect(page).toHaveURL(/\/register$/);

    await inbox.sendSaved();
    await page.waitForURL('**/submission-successfully/talent-show');
    expect(inbox.bodies).toHaveLength(3);
    expectSent(inbox.bodies[2], expected);
    expect(inbox.headers[2]?.['content-type']).toBe('application/json');
    expect(await page.evaluate(() => sessionStorage.getItem('draft:talent-show'))).toBeNull();
  });

  test('a submit faster than a person could fill the form asks to check; a filled honeypot is told it worked; neither sends', async ({
    page,
  }) => {
    const inbox = await openWithInbox(page, 'talent-show', '/one11Register', 'Register');
    // The minimum fill time counts from when the page was shown: this visitor sends 1 s after it.
    await page.clock.setFixedTime(await page.evaluate(() => Math.round(performance.timeOrigin) + 1000));
    await fillValid(page);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.locator('form').getByRole('status')).toHaveText(
      'Please take a moment to check your details, then send again.',
    );
    expect(inbox.bodies).toHaveLength(0);

    await page.locator('input[name="website"]').fill('https://spam.example', { force: true });
    await page.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL('**/submission-successfully/talent-show');
    expect(inbox.bodies).toHaveLength(0);
  });
});
