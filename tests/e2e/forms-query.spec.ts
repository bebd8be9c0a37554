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

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test.describe(`query form at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('an empty submit shows the messages and sends nothing; a reload keeps the draft', async ({ page }) => {
      const inbox = await interceptInbox(page, 'query');
      await openForm(page, '/query');
      await expect(page.getByRole('heading', { level: 1, name: 'Submit Your Query' })).toBeVisible();
      await fillTimePasses(page);
      await page.getByRole('button', { name: 'Send Query' }).click();
      await expect(page.getByText('Name is required')).toBeVisible();
      await expect(page.getByText('Email is required')).toBeVisible();
      await expect(page.getByText('Query is required')).toBeVisible();
      await expect(field(page, 'Name')).toBeFocused();
      expect(inbox.bodies).toHaveLength(0);

      await field(page, 'Name').fill('x'.repeat(51));
      await field(page, 'Your query').fill('too short');
      await field(page, 'Your query').blur();
      await expect(page.getByText('Name should not exceed 50 characters')).toBeVisible();
      await expect(page.getByText('Query should be at least 10 characters')).toBeVisible();
      await draftSaved(page, 'query', 'too short');
      await page.reload();
      await expect(field(page, 'Your query')).toHaveValue('too short');
      expect(page.viewportSize()?.width).toBe(viewport.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });

    test('a 500 and a network failure keep the values; success sends the stripped body, shows the message for 5 s and clears', async ({
      page,
    }) => {
      const inbox = await interceptInbox(page, 'query', 'server-error');
      await openForm(page, '/query');
      await field(page, 'Name').fill(' <b>Ravi</b> ');
      await field(page, 'Email').fill('ravi@example.com');
      await field(page, 'Your query').fill('<p>When does the next batch start?</p>');
      await fillTimePasses(page);
      const form = page.locator('form');
      const send = page.getByRole('button', { name: 'Send Query' });
      await send.click();
      await expect(form.getByRole('alert')).toHaveText(/Submission failed\. Please try again\./);
      inbox.answerWith('network-error');
      await send.click();
      await expect(form.getByRole('alert')).toHaveText(/An error occurred\. Try again later\./);
      await expect(field(page, 'Your query')).toHaveValue('<p>When does the next batch start?</p>');

      inbox.answerWith('saved');
      await send.click();
      await expect(form.getByRole('status')).toHaveText(/Query submitted successfully!/);
      await expect(field(page, 'Name')).toHaveValue('');
      const { Timestamp, rest } = withoutTimestamp(inbox.bodies[2]);
      expect(rest).toEqual({ Name: 'Ravi', Email: 'ravi@example.com', Query: 'When does the next batch start?' });
      expect(Timestamp).toMatch(timestampPattern);
      await page.clock.fastForward(5100);
      await expect(form.getByRole('status')).toHaveText('');
      expect(await page.evaluate(() => sessionStorage.getItem('draft:query'))).toBeNull();
    });
  });
}
