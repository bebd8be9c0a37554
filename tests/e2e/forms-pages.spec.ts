import { axeViolations } from './axe';
import { expect, test } from './fixtures';

test.describe('form pages', () => {
  test('the masterclass terms have their four sections and the refund rules', async ({ page }) => {
    await page.goto('/masterClass-Terms');
    await expect(page.getByRole('heading', { level: 1, name: 'Masterclass Terms' })).toBeVisible();
    await expect(page.locator('main').getByRole('heading', { level: 2 })).toHaveText([
      'Eligibility for Refund',
      'Valid Grounds for Refund',
      'Participant Acknowledgement',
      'Contact Us',
    ]);
    await expect(page.getByText('within 24 hours of attending')).toBeVisible();
    await expect(page.getByText('only to the original payment method')).toBeVisible();
    await expect(
      page.getByText('Financial difficulty, time constraints and scheduling conflicts are not valid grounds'),
    ).toBeVisible();
  });

  test('/submission leads to every form, and /institute/Music-certificate to the certification form', async ({
    page,
  }) => {
    await page.goto('/submission');
    for (const [name, href] of [
      ['Join the masterclass', '/masterclass'],
      ['Enrol in a certification course', '/institute/Music-course-form'],
      ['Enrol in a diploma course', '/institute/diploma-course-form'],
      ['Register for the talent show', '/one11Register'],
      ['Request a studio service', '/request-form'],
      ['Send a query', '/query'],
    ] as const)
      await expect(page.getByRole('link', { name })).toHaveAttribute('href', href);
    await page.goto('/institute/Music-certificate');
    await expect(page.getByText('₹999 + 18% GST')).toBeVisible();
    await page.getByRole('link', { name: 'Enroll Now' }).click();
    await page.waitForURL('**/institute/Music-course-form');
    await expect(page.getByRole('heading', { level: 1, name: 'Certification Course Registration' })).toBeVisible();
  });

  test('every form page has no axe violations, also with its errors showing', async ({ page }) => {
    test.slow();
    // Between them these three hold every kind of control the forms use.
    for (const path of ['/one11Register', '/institute/Music-course-form', '/masterclass']) {
      // An empty form fails validation before the minimum fill time matters: no clock needed.
      await page.goto(path);
      await page.waitForFunction(() => document.querySelector('form[aria-labelledby]') !== null);
      const submit = page.locator('form button[type="submit"]');
      if (await submit.isEnabled()) await submit.click();
      else
        await page
          .getByRole('checkbox', { name: /I have read and agree/ })
          .check()
          .then(() => submit.click());
      await expect(page.locator('form [aria-invalid="true"]').first()).toBeVisible();
      const found = await axeViolations(page, { within: 'main', tags: 'all' });
      expect(found.map((line) => `${path}: ${line}`)).toEqual([]);
    }
  });
});

test.describe('links that open a form, and the pages after it', () => {
  test('"Request this service" selects the service and the heading follows it', async ({ page }) => {
    await page.goto('/pro-audio-mixing');
    await page.getByRole('link', { name: 'Request this service' }).click();
    await page.waitForURL(/\/request-form\?service=/);
    await page.waitForFunction(() => document.querySelector('form[data-ready]') !== null);
    await expect(page.getByRole('combobox', { name: 'Project type', exact: true })).toHaveValue('Pro Audio Mixing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request Pro Audio Mixing');
  });

  test('"Enroll Now" under a course ticks that course', async ({ page }) => {
    await page.goto('/institute/certification-courses');
    await page.getByRole('link', { name: 'Enroll Now' }).first().click();
    await page.waitForURL(/\/institute\/Music-course-form\?course=/);
    await page.waitForFunction(() => document.querySelector('form[data-ready]') !== null);
    await expect(page.getByRole('checkbox', { name: 'Basic Music Production' })).toBeChecked();
  });

  test('the thank-you page fits the flow and takes focus on arrival', async ({ page }) => {
    await page.goto('/submission-successfully?for=talent-show');
    await expect(page.getByText('Your talent show registration has been received.')).toBeVisible();
    await expect(page.getByText(/masterclass/i)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await page.goto('/submission-successfully?for=course');
    await expect(page.getByText('Your course registration has been received.')).toBeVisible();
    await page.goto('/submission-successfully');
    await expect(page.getByText('Your masterclass registration has been received.')).toBeVisible();
  });
});
