import { expect, test } from './fixtures';
import {
  draftSaved,
  field,
  fillTimePasses,
  interceptInbox,
  openForm,
  select,
  timestampPattern,
  withoutTimestamp,
} from './forms-helpers';

test.describe('service request form', () => {
  test('errors show on change; an empty submit lists them, focuses the first and sends nothing; phone keeps 10 digits; a reload keeps the draft', async ({
    page,
  }) => {
    const inbox = await interceptInbox(page, 'service-request');
    await openForm(page, '/request-form');
    await field(page, 'Name').fill('R');
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    await field(page, 'Phone').fill('+91 98765-43210 77');
    await expect(field(page, 'Phone')).toHaveValue('9198765432');
    await field(page, 'Phone').fill('98765');
    await expect(page.getByText('Phone number must be exactly 10 digits')).toBeVisible();

    await field(page, 'Name').fill('');
    await fillTimePasses(page);
    await page.getByRole('button', { name: 'Submit Request' }).click();
    for (const message of [
      'Name is required',
      'Please select a project type',
      'Platform is required',
      'Mood is required',
      'Reference links are required',
      'Additional info is required',
      'This field is required',
    ])
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    await expect(field(page, 'Name')).toBeFocused();
    expect(inbox.bodies).toHaveLength(0);

    await draftSaved(page, 'service-request', '98765');
    await page.reload();
    await expect(field(page, 'Phone')).toHaveValue('98765');
  });

  test('a failure keeps the values with the cross-mark message; success sends exactly the body and goes to /Services-Thanku', async ({
    page,
  }) => {
    const inbox = await interceptInbox(page, 'service-request', 'network-error');
    await openForm(page, '/request-form');
    await field(page, 'Name').fill('Ravi Kumar');
    await field(page, 'Email').fill('ravi@example.com');
    await field(page, 'Phone').fill('9876543210');
    await select(page, 'Project type').selectOption('Pro Audio Mastering');
    await field(page, 'Platform').fill('Spotify');
    await field(page, 'Mood').fill('Warm');
    await field(page, 'Reference links').fill('https://example.com/ref');
    await field(page, 'Additional info').fill('Two songs.');
    await field(page, 'How did you hear about us?').fill('Instagram');
    await fillTimePasses(page);
    const submit = page.getByRole('button', { name: 'Submit Request' });
    await submit.click();
    await expect(page.locator('form').getByRole('alert')).toHaveText(/Submission error\. Try again later\./);
    inbox.answerWith('server-error');
    await submit.click();
    await expect(page.locator('form').getByRole('alert')).toHaveText(/Submission error\. Try again later\./);
    await expect(field(page, 'Mood')).toHaveValue('Warm');

    inbox.answerWith('saved');
    await submit.click();
    await page.waitForURL('**/Services-Thanku');
    const { Timestamp, rest } = withoutTimestamp(inbox.bodies[2]);
    expect(rest).toEqual({
      Name: 'Ravi Kumar',
      Email: 'ravi@example.com',
      Phone: '9876543210',
      Social: '',
      ProjectType: 'Pro Audio Mastering',
      Platform: 'Spotify',
      Mood: 'Warm',
      ReferenceLinks: 'https://example.com/ref',
      AdditionalInfo: 'Two songs.',
      HeardFrom: 'Instagram',
    });
    expect(Timestamp).toMatch(timestampPattern);
  });
});
