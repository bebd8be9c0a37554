import { desktopAndPhone, expect, test } from './fixtures';
import { draftKeeps, expectSent, field, fillIn, fillTimePasses, openWithInbox } from './forms-helpers';

for (const viewport of desktopAndPhone) {
  test.describe(`query form at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an empty submit shows the messages and sends nothing; a reload keeps the draft', async ({ page }) => {
      const inbox = await openWithInbox(page, 'query', '/query', 'Send Query');
      await expect(page.getByRole('heading', { level: 1, name: 'Submit Your Query' })).toBeVisible();
      await inbox.sendIncomplete('Name', ['Name is required', 'Email is required', 'Query is required']);

      await fillIn(page, { Name: 'x'.repeat(51), 'Your query': 'too short' });
      await field(page, 'Your query').blur();
      await expect(page.getByText('Name should not exceed 50 characters')).toBeVisible();
      await expect(page.getByText('Query should be at least 10 characters')).toBeVisible();
      await draftKeeps(page, 'query', 'Your query', 'too short');
      expect(page.viewportSize()?.width).toBe(viewport.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });

    test('a 500 and a network failure keep the values; success sends the stripped body, shows the message for 5 s and clears', async ({
      page,
    }) => {
      const inbox = await openWithInbox(page, 'query', '/query', 'Send Query');
      await fillIn(page, {
        Name: ' <b>Ravi</b> ',
        Email: 'ravi@example.com',
        'Your query': '<p>When does the next batch start?</p>',
      });
      await fillTimePasses(page);
      await inbox.sendRefused('server-error', /Submission failed\. Please try again\./);
      await inbox.sendRefused('network-error', /An error occurred\. Try again later\./);
      await expect(field(page, 'Your query')).toHaveValue('<p>When does the next batch start?</p>');

      await inbox.sendSaved();
      const status = page.locator('form').getByRole('status');
      await expect(status).toHaveText(/Query submitted successfully!/);
      await expect(field(page, 'Name')).toHaveValue('');
      expectSent(inbox.bodies[2], {
        Name: 'Ravi',
        Email: 'ravi@example.com',
        Query: 'When does the next batch start?',
      });
      await page.clock.fastForward(5100);
      await expect(status).toHaveText('');
      expect(await page.evaluate(() => sessionStorage.getItem('draft:query'))).toBeNull();
    });
  });
}
