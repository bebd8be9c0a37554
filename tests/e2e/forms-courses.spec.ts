import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  draftSaved,
  field,
  fillTimePasses,
  interceptInbox,
  openForm,
  timestampPattern,
  withoutTimestamp,
} from './forms-helpers';

const box = (page: Page, name: string) => page.locator('form').getByRole('checkbox', { name, exact: true });
const radio = (page: Page, name: string) => page.locator('form').getByRole('radio', { name, exact: true });

test.describe('certification registration', () => {
  test('an empty submit shows the messages and sends nothing; the name keeps letters and spaces; Other asks for the DAW; a reload keeps the draft', async ({
    page,
  }) => {
    const inbox = await interceptInbox(page, 'certification');
    await openForm(page, '/institute/Music-certificate-form');
    await fillTimePasses(page);
    await page.getByRole('button', { name: 'Register' }).click();
    for (const message of [
      'Full name is required',
      'Email is required',
      'Please select at least one course',
      'Select a learning mode',
      'Select at least one DAW',
      'Goals are required',
      'Please tell us how you heard about us',
    ])
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(field(page, 'Full name')).toBeFocused();
    expect(inbox.bodies).toHaveLength(0);

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
    const inbox = await interceptInbox(page, 'certification', 'server-error');
    await openForm(page, '/institute/Music-course-form');
    await field(page, 'Full name').fill('Meera Iyer');
    await field(page, 'Email').fill('meera@example.com');
    await box(page, 'Basic Music Production').check();
    await box(page, 'Diploma in Music Production, Sound Designing & Music Business').check();
    await radio(page, 'Online').check();
    await box(page, 'Ableton Live').check();
    await box(page, 'Other (please specify)').check();
    await field(page, 'Other DAW').fill('FL Studio');
    await field(page, 'Your goals').fill('Release an EP');
    await field(page, 'How did you hear about us?').fill('A friend');
    await fillTimePasses(page);
    const submit = page.getByRole('button', { name: 'Register' });
    await submit.click();
    await expect(page.locator('form').getByRole('alert')).toHaveText(/An error occurred\. Please try again later\./);
    inbox.answerWith('network-error');
    await submit.click();
    await expect(page.locator('form').getByRole('alert')).toHaveText(/An error occurred\. Please try again later\./);
    await expect(field(page, 'Other DAW')).toHaveValue('FL Studio');
    expect(inbox.bodies).toHaveLength(2);

    inbox.answerWith('saved');
    await submit.click();
    await page.waitForURL('**/institute/course-payment');
    const { Timestamp, rest } = withoutTimestamp(inbox.bodies[2]);
    expect(rest).toEqual({
      Name: 'Meera Iyer',
      Email: 'meera@example.com',
      Phone: '',
      Courses: 'Basic Music Production, Diploma in Music Production, Sound Designing & Music Business',
      Mode: 'Online',
      DAW: 'Ableton Live, Other',
      OtherDAW: 'FL Studio',
      Goals: 'Release an EP',
      Experience: '',
      FinalNotes: '',
      HearAboutUs: 'A friend',
    });
    expect(Timestamp).toMatch(timestampPattern);
  });
});

test.describe('diploma registration', () => {
  test('an empty submit shows the messages and sends nothing; a reload keeps the draft', async ({ page }) => {
    const inbox = await interceptInbox(page, 'diploma');
    await openForm(page, '/institute/diploma-course-form');
    await fillTimePasses(page);
    await page.getByRole('button', { name: 'Register' }).click();
    for (const message of [
      'Name is required',
      'Email is required',
      'Phone number is required',
      'Select at least one course',
      'Select learning mode',
    ])
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(field(page, 'Name')).toBeFocused();
    expect(inbox.bodies).toHaveLength(0);

    await field(page, 'Name').fill('Karan 2');
    await field(page, 'Email').fill('karan@');
    await field(page, 'Phone').fill('12345');
    await field(page, 'Phone').blur();
    await expect(page.getByText('Name cannot contain numbers')).toBeVisible();
    await expect(page.getByText('Email is not valid')).toBeVisible();
    await expect(page.getByText('Phone number must be 10 digits')).toBeVisible();
    await draftSaved(page, 'diploma', 'Karan 2');
    await page.reload();
    await expect(field(page, 'Name')).toHaveValue('Karan 2');
  });

  test('a failure keeps the values; success sends exactly the body and goes to /institute/course-payment', async ({
    page,
  }) => {
    const inbox = await interceptInbox(page, 'diploma', 'network-error');
    await openForm(page, '/institute/diploma-course-form');
    await field(page, 'Name').fill('Karan');
    await field(page, 'Email').fill('karan@example.com');
    await field(page, 'Phone').fill('98765 43210');
    await box(page, 'Diploma in Sound Designing').check();
    await radio(page, 'Offline').check();
    await field(page, 'Your goals (optional)').fill(' Sound for games ');
    await fillTimePasses(page);
    const submit = page.getByRole('button', { name: 'Register' });
    await submit.click();
    await expect(page.locator('form').getByRole('alert')).toHaveText(/An error occurred\. Please try again later\./);
    await expect(field(page, 'Phone')).toHaveValue('9876543210');
    inbox.answerWith('saved');
    await submit.click();
    await page.waitForURL('**/institute/course-payment');
    const { Timestamp, rest } = withoutTimestamp(inbox.bodies[1]);
    expect(rest).toEqual({
      Name: 'Karan',
      Email: 'karan@example.com',
      Phone: '9876543210',
      Courses: 'Diploma in Sound Designing',
      Mode: 'Offline',
      Goals: 'Sound for games',
      Experience: '',
    });
    expect(Timestamp).toMatch(timestampPattern);
  });
});
