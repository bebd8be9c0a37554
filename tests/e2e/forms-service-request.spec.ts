import { expect, test } from './fixtures';
import { draftKeeps, expectSent, field, fillIn, fillTimePasses, openWithInbox } from './forms-helpers';

const failed = /Submission error\. Try again later\./;

/** A complete request, as a visitor fills it in. */
const request = {
  Name: 'Ravi Kumar',
  Email: 'ravi@example.com',
  Phone: '9876543210',
  'Project type': 'Pro Audio Mastering',
  Platform: 'Spotify',
  Mood: 'Warm',
  'Reference links': 'https://example.com/ref',
  'Additional info': 'Two songs.',
  'How did you hear about us?': 'Instagram',
};

test.describe('service request form', () => {
  test('errors show on change; an empty submit lists them, focuses the first and sends nothing; phone keeps 10 digits; a reload keeps the draft', async ({
    page,
  }) => {
    const inbox = await openWithInbox(page, 'service-request', '/request-form', 'Submit Request');
    await field(page, 'Name').fill('R');
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    await field(page, 'Phone').fill('+91 98765-43210 77');
    await expect(field(page, 'Phone')).toHaveValue('9198765432');
    await field(page, 'Phone').fill('98765');
    await expect(page.getByText('Phone number must be exactly 10 digits')).toBeVisible();

    await field(page, 'Name').fill('');
    await inbox.sendIncomplete('Name', [
      'Name is required',
      'Please select a project type',
      'Platform is required',
      'Mood is required',
      'Reference links are required',
      'Additional info is required',
      'This field is required',
    ]);

    await draftKeeps(page, 'service-request', 'Phone', '98765');
  });

  test('a failure keeps the values with the cross-mark message; success sends exactly the body and goes to /Services-Thanku', async ({
    page,
  }) => {
    const inbox = await openWithInbox(page, 'service-request', '/request-form', 'Submit Request');
    await fillIn(page, request);
    await fillTimePasses(page);
    await inbox.sendRefused('network-error', failed);
    await inbox.sendRefused('server-error', failed);
    await expect(field(page, 'Mood')).toHaveValue('Warm');

    await inbox.sendSaved();
    await page.waitForURL('**/Services-Thanku');
    expectSent(inbox.bodies[2], {
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
  });
});
