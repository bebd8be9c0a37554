import { desktopAndPhone, expect, test } from './fixtures';
import { draftKeeps, field, fillIn, fillTimePasses, openWithInbox } from './forms-helpers';

const refused = /We could not confirm your seat/;

for (const viewport of desktopAndPhone) {
  test.describe(`masterclass sign-up at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('name focused on load; Confirm My Seat waits for the terms; errors show on submit; nothing is sent; a reload keeps the draft but not the tick', async ({
      page,
    }) => {
      const inbox = await openWithInbox(page, 'masterclass', '/masterclass', 'Confirm My Seat');
      await expect(field(page, 'Name')).toBeFocused();
      await expect(page.getByText('₹99', { exact: true })).toBeVisible();
      await expect(page.getByText('10k+ attendees')).toBeVisible();
      await expect(page.locator('form').getByRole('radio', { name: 'Beginner' })).toBeChecked();
      const confirm = page.getByRole('button', { name: 'Confirm My Seat' });
      await expect(confirm).toBeDisabled();
      await expect(page.getByRole('link', { name: 'masterclass terms' })).toHaveAttribute('href', '/masterClass-Terms');

      await page.keyboard.type('Neha 42!');
      await expect(field(page, 'Name')).toHaveValue('Neha ');
      await field(page, 'Phone').fill('98-765-432-101');
      await expect(field(page, 'Phone')).toHaveValue('9876543210');
      await field(page, 'City').fill('Pune 411');
      await expect(page.getByText('City name cannot contain numbers')).toHaveCount(0);

      await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
      await expect(confirm).toBeEnabled();
      await fillTimePasses(page);
      await confirm.click();
      await expect(page.getByText('Valid email required')).toBeVisible();
      await expect(page.getByText('City name cannot contain numbers')).toBeVisible();
      await expect(field(page, 'Email')).toBeFocused();
      expect(inbox.bodies).toHaveLength(0);

      await draftKeeps(page, 'masterclass', 'City', 'Pune 411');
      await expect(page.getByRole('checkbox', { name: /I have read and agree/ })).not.toBeChecked();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });

    test('a failure shows a message and keeps the values; success sends the spec body and carries the e-mail to /payment', async ({
      page,
    }) => {
      const inbox = await openWithInbox(page, 'masterclass', '/masterclass', 'Confirm My Seat');
      await fillIn(page, { Name: 'Neha Sharma', Email: 'neha@example.in', Phone: '9876543210', City: 'Pune' });
      await page.locator('form').getByRole('radio', { name: 'Intermediate' }).check();
      await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
      await fillTimePasses(page);
      await inbox.sendRefused('network-error', refused);
      await inbox.sendRefused('server-error', refused);
      await expect(field(page, 'Email')).toHaveValue('neha@example.in');

      // The session sent is the one chosen on the page: staff (or another test on this server) may
      // have scheduled sessions; with none, the build's schedule is sent.
      const chosen = page.locator('form input[name="schedule"]:checked');
      const schedule = (await chosen.count()) > 0 ? await chosen.inputValue() : 'Fri 2pm';
      await inbox.sendSaved();
      await page.waitForURL((url) => url.pathname === '/payment');
      expect(page.url()).not.toContain('neha');
      expect(inbox.bodies[2]).toEqual({
        name: 'Neha Sharma',
        email: 'neha@example.in',
        phone: '9876543210',
        city: 'Pune',
        level: 'Intermediate',
        schedule,
      });
      expect(
        JSON.parse((await page.evaluate(() => sessionStorage.getItem('handoff:masterclass-contact'))) ?? ''),
      ).toEqual({
        name: 'Neha Sharma',
        email: 'neha@example.in',
        phone: '9876543210',
      });
      expect(await page.evaluate(() => sessionStorage.getItem('draft:masterclass'))).toBeNull();
    });
  });
}
