import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  draftKeeps,
  draftSaved,
  expectSent,
  field,
  fillIn,
  fillTimePasses,
  type Inbox,
  openWithInbox,
} from './forms-helpers';
import { certificationPayload, emptyFieldMessages } from '../unit/forms/spec-expectations';

const box = (page: Page, name: string) => page.locator('form').getByRole('checkbox', { name, exact: true });
const radio = (page: Page, name: string) => page.locator('form').getByRole('radio', { name, exact: true });
const failed = /An error occurred\. Please try again later\./;

/**
 * Sends the filled registration with the inbox saving it: the visitor goes on to the course payment
 * page, and the body the inbox received as its `index`th is exactly `expected`.
 */
async function sendToPayment(page: Page, inbox: Inbox, index: number, expected: Record<string, unknown>) {
  await inbox.sendSaved();
  await page.waitForURL('**/institute/course-payment');
  expectSent(inbox.bodies[index], expected);
}

test.describe('certification registration', () => {
  test('an empty submit shows the messages and sends nothing; the name keeps letters and spaces; Other asks for the DAW; a reload keeps the draft', async ({
    page,
  }) => {
    const inbox = await openWithInbox(page, 'certification', '/institute/Music-certificate-form', 'Register');
    await inbox.sendIncomplete('Full name', Object.values(emptyFieldMessages.certification));

    await field(page, 'Full name').fill('Meera I. 2yer');
    await expect(field(page, 'Full name')).toHaveValue('Meera I yer');
    await box(page, 'Other (please specify)').check();
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByText('Specify the other DAW')).toBeVisible();
    await box(page, 'Diploma in Sound Designing').check();
    await draftSaved(page, 'certification', 'Diploma in Sound Designing');
    await page.reload();
    await expect(field(page, 'Full name')).toHaveValue('Meera I yer');
    await expect(box(page, 'Diploma in Sound Designing')).toBeChecked();
    await expect(field(page, 'Other DAW')).toBeVisible();
  });

  test('a failure keeps the values; success sends the joined lists and goes to /institute/course-payment', async ({
    page,
  }) => {
    const inbox = await openWithInbox(page, 'certification', '/institute/Music-course-form', 'Register');
    await fillIn(page, { 'Full name': 'Meera Iyer', Email: 'meera@example.com' });
    await box(page, 'Basic Music Production').check();
    await box(page, 'Diploma in Music Production, Sound Designing & Music Business').check();
    await radio(page, 'Online').check();
    await box(page, 'Ableton Live').check();
    await box(page, 'Other (please specify)').check();
    await fillIn(page, {
      'Other DAW': 'FL Studio',
      'Your goals': 'Produce my EP',
      'How did you hear about us?': 'A friend',
    });
    await fillTimePasses(page);
    await inbox.sendRefused('server-error', failed);
    await inbox.sendRefused('network-error', failed);
    await expect(field(page, 'Other DAW')).toHaveValue('FL Studio');
    expect(inbox.bodies).toHaveLength(2);

    await sendToPayment(page, inbox, 2, certificationPayload);
  });
});

test.describe('diploma registration', () => {
  test('an empty submit shows the messages and sends nothing; a reload keeps the draft', async ({ page }) => {
    const inbox = await openWithInbox(page, 'diploma', '/institute/diploma-course-form', 'Register');
    await inbox.sendIncomplete('Name', Object.values(emptyFieldMessages.diploma));

    await fillIn(page, { Name: 'Karan 2', Email: 'karan@', Phone: '12345' });
    await field(page, 'Phone').blur();
    await expect(page.getByText('Name cannot contain numbers')).toBeVisible();
    await expect(page.getByText('Email is not valid')).toBeVisible();
    await expect(page.getByText('Phone number must be 10 digits')).toBeVisible();
    await draftKeeps(page, 'diploma', 'Name', 'Karan 2');
  });

  test('a failure keeps the values; success sends exactly the body and goes to /institute/course-payment', async ({
    page,
  }) => {
    const inbox = await openWithInbox(page, 'diploma', '/institute/diploma-course-form', 'Register');
    await fillIn(page, { Name: 'Karan', Email: 'karan@example.com', Phone: '98765 43210' });
    await box(page, 'Diploma in Sound Designing').check();
    await radio(page, 'Offline').check();
    await field(page, 'Your goals (optional)').fill(' Sound for games ');
    await fillTimePasses(page);
    await inbox.sendRefused('network-error', failed);
    await expect(field(page, 'Phone')).toHaveValue('9876543210');
    await sendToPayment(page, inbox, 1, {
      Name: 'Karan',
      Email: 'karan@example.com',
      Phone: '9876543210',
      Courses: 'Diploma in Sound Designing',
      Mode: 'Offline',
      Goals: 'Sound for games',
      Experience: '',
    });
  });
});
