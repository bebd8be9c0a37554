import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { axeViolations } from './axe';
import { desktopAndPhone, expect, test } from './fixtures';
import { studioDefaults } from '../../content/studio';
import { claimPayment, scheduleMasterclass } from './journey-helpers';
import { dashboardBase, e2eDataDir, e2ePort, e2eStaff, signIn } from './staff';

/** A masterclass registration as the form sends it (names may not hold digits: letters from a stamp). */
function registration(tag: string, schedule: string) {
  const letters = tag.replace(/\d/g, (d) => String.fromCharCode(97 + Number(d)));
  return {
    name: `Learner ${letters}`,
    email: `learner-${tag}@example.com`,
    phone: `98${tag.slice(-8).padStart(8, '0')}`,
    city: 'Pune',
    level: 'Beginner',
    schedule,
  };
}

// The session the registrations name, scheduled by staff once per worker.
let schedule = '';
test.beforeAll(async () => {
  schedule = await scheduleMasterclass(`http://127.0.0.1:${e2ePort}`);
});

/** Registers for the masterclass under `tag` as the form would; answers what was sent. */
async function register(page: Page, tag: string) {
  const reg = registration(tag, schedule);
  expect((await page.request.post('/api/forms/masterclass', { data: reg })).status()).toBe(201);
  return reg;
}

/** A 12-digit UTR nobody has claimed in this run. */
const freshUtr = () => `${Date.now()}${Math.floor(Math.random() * 10)}`.slice(-12).padStart(12, '7');

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });

for (const viewport of desktopAndPhone) {
  test.describe(`the staff workspace at ${viewport.width}px`, () => {
    test.use({ viewport });

    test('has its own layout: no public navbar, banner or footer; header, sidebar with new counts; axe clean', async ({
      page,
    }) => {
      // Two whole-page axe runs, the second over a table holding every masterclass registration the
      // suite has made by then: on a busy machine they alone have taken over 20 s.
      test.slow();
      await register(page, `${viewport.width}${Date.now()}`);
      await page.goto(dashboardBase);
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      await expect(page.getByText(/under development/i)).toHaveCount(0);
      await signIn(page);
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
      await expect(page.getByText(`${studioDefaults.name} Staff`)).toBeVisible();
      const masterclass = sidebar(page).getByRole('link', { name: /Masterclass/ });
      await expect(masterclass).toContainText(/\d+ new/);
      for (const name of [
        'Audio form requests',
        'Video form requests',
        'Voice form requests',
        'Payments',
        'Site builds',
      ]) {
        await expect(sidebar(page).getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
      }
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
      expect(await axeViolations(page)).toEqual([]);
      await masterclass.click();
      await expect(page.getByRole('table')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}

test('by keyboard alone: sign in, open a form, search, open a submission, set status and note; kept after reload', async ({
  page,
}) => {
  const reg = await register(page, `kb${Date.now()}`);
  await page.goto(dashboardBase);
  await page.getByLabel('Name').focus();
  await page.keyboard.type(e2eStaff.name);
  await page.keyboard.press('Tab');
  await page.keyboard.type(e2eStaff.password);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Signed in as ${e2eStaff.name}`)).toBeVisible();

  // Tab to the Masterclass entry of the sidebar and follow it.
  const link = sidebar(page).getByRole('link', { name: /Masterclass/ });
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    if (await link.evaluate((el) => el === document.activeElement)) break;
  }
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /Masterclass/ })).toBeVisible();

  // Human column labels and the received time in India time.
  await expect(page.getByRole('columnheader', { name: /Received \(IST\)/ })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /Your level/ })).toBeVisible();

  await page.getByLabel('Search').focus();
  await page.keyboard.type(reg.email);
  const row = page.getByRole('row').filter({ hasText: reg.email });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: /^1 submission match/ })).toBeVisible();
  await row.getByRole('link').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /^Submission \d+/ })).toBeVisible();
  await expect(page.getByText(reg.name)).toBeVisible();

  await page.getByLabel('Status').focus();
  await page.keyboard.press('ArrowDown'); // New → In progress
  await expect(page.getByLabel('Status')).toHaveValue('in-progress');
  await page.getByLabel('Staff note').focus();
  await page.keyboard.type('Called back, pays on Friday');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Status')).toHaveValue('in-progress');
  await expect(page.getByLabel('Staff note')).toHaveValue('Called back, pays on Friday');
  const history = page.getByRole('listitem').filter({ hasText: e2eStaff.name });
  await expect(history).toHaveCount(1);
  await expect(history).toContainText('set the status to In progress and noted “Called back, pays on Friday”');

  // The table shows the status and the note too, and the status filter finds it.
  await page.getByRole('link', { name: '← Back to the table' }).click();
  await page.getByLabel('Status', { exact: true }).selectOption('in-progress');
  await page.getByLabel('Search').fill(reg.email);
  await expect(page.getByRole('row').filter({ hasText: 'Called back, pays on Friday' })).toHaveCount(1);
});

test('a payment claim on /payment is verified in the dashboard, the registration shows paid; a repeated UTR is refused', async ({
  page,
}) => {
  const reg = await register(page, `pay${Date.now()}`);
  const utr = freshUtr();

  await page.goto('/payment');
  const claim = page.getByRole('form', { name: 'Already paid? Send us your UTR' });
  await claim.getByLabel('UPI transaction number (UTR)').fill('12345');
  await claim.getByLabel('Phone or e-mail you registered with').fill(reg.email);
  await claim.getByRole('button', { name: 'Send payment details' }).click();
  await expect(claim.getByText(/12-digit UPI transaction number/)).toBeVisible();
  await claim.getByLabel('UPI transaction number (UTR)').fill(utr);
  await claim.getByRole('button', { name: 'Send payment details' }).click();
  const done = page
    .getByRole('status')
    .filter({ hasText: 'we have received your payment details and will verify them' });
  await expect(done).toBeVisible();
  await expect(page.getByText(/payment (was )?successful/i)).toHaveCount(0);
  await expect(page.getByRole('link', { name: /WhatsApp/i }).first()).toBeVisible();

  // The same UTR again, from a new visit: refused with a clear message.
  await page.goto('/payment');
  const again = page.getByRole('form', { name: 'Already paid? Send us your UTR' });
  await again.getByLabel('UPI transaction number (UTR)').fill(utr);
  await again.getByLabel('Phone or e-mail you registered with').fill(reg.phone);
  await again.getByRole('button', { name: 'Send payment details' }).click();
  await expect(again.getByText('This UTR has already been submitted.', { exact: false }).first()).toBeVisible();

  await signIn(page, `${dashboardBase}/payments`);
  const row = page.getByRole('row').filter({ hasText: utr });
  await expect(row).toContainText(reg.name);
  await expect(row).toContainText('₹');
  await expect(row).toContainText(/^MC|MC[0-9A-Z]+/);
  await row.getByRole('button', { name: `Mark UTR ${utr} verified` }).click();
  await expect(row).toContainText(`Verified by ${e2eStaff.name}`);

  // The registrant pays again: staff verify what came, are told it is a duplicate, send it back and
  // record the refund's UTR; the row then says it was returned, with no second invoice.
  const second = freshUtr();
  await page.goto('/payment');
  await claimPayment(page, reg.email, second);
  await page.goto(`${dashboardBase}/payments`);
  const dup = page.getByRole('row').filter({ hasText: second });
  await expect(dup).toContainText('Duplicate: already paid, refund it.');
  await dup.getByRole('button', { name: `Mark UTR ${second} verified` }).click();
  await expect(dup).toContainText(`Verified by ${e2eStaff.name}`);
  const returnUtr = dup.getByLabel(`UTR of the refund of ${second}`);
  await returnUtr.fill('UTR-REF');
  await dup.getByRole('button', { name: 'Record the refund' }).click();
  await expect(dup.getByRole('status')).toContainText('Give the refund transfer');
  await returnUtr.fill('UTRBACK2024');
  await dup.getByRole('button', { name: 'Record the refund' }).click();
  await expect(dup).toContainText(/Duplicate, returned ₹[\d,.]+\./);
  await expect(dup.getByRole('button', { name: 'Record the refund' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  await row.getByRole('link', { name: new RegExp(reg.name) }).click();
  await expect(page.getByRole('heading', { name: /^Submission \d+/ })).toContainText('Paid');
});

test('the status changes from the table too, and the course payment page takes a claim', async ({ page }) => {
  const reg = await register(page, `tbl${Date.now()}`);
  await page.goto(`${dashboardBase}/forms/masterclass`);
  await signIn(page);
  await page.getByLabel('Search').fill(reg.email);
  const row = page.getByRole('row').filter({ hasText: reg.email });
  await expect(row).toHaveCount(1);
  await row.getByRole('combobox', { name: /^Status of submission/ }).selectOption('spam');
  await page.reload();
  await page.getByLabel('Search').fill(reg.email);
  await expect(row.getByRole('combobox', { name: /^Status of submission/ })).toHaveValue('spam');

  await page.goto('/institute/course-payment');
  const claim = page.getByRole('form', { name: 'Already paid? Send us your UTR' });
  await claim.getByLabel('UPI transaction number (UTR)').fill(freshUtr());
  await claim.getByLabel('Phone or e-mail you registered with').fill('not a contact');
  await claim.getByRole('button', { name: 'Send payment details' }).click();
  await expect(claim.getByText(/10-digit phone number or the e-mail/)).toBeVisible();
  await claim.getByLabel('Phone or e-mail you registered with').fill('9876501234');
  await claim.getByRole('button', { name: 'Send payment details' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'will verify them' })).toBeVisible();
});

test('a staff member changes their own password and signs in with it', async ({ page }) => {
  // Its own account, so the other tests' account keeps its password.
  const name = `pw${Date.now() % 100000}`;
  const first = 'first-password-long-enough';
  const next = 'second-password-long-enough';
  // The server is running on the embedded database: the CLI talks to it over its admin socket.
  execFileSync('npm', ['run', '--silent', 'staff', '--', 'add', name], {
    env: { ...process.env, STAFF_PASSWORD: first, DATA_DIR: e2eDataDir },
    stdio: 'pipe',
  });
  await page.goto(`${dashboardBase}/account`);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Password').fill(first);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Current password').fill(first);
  await page.getByLabel('New password', { exact: true }).fill(next);
  await page.getByLabel('New password again').fill(next);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Password').fill(next);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Signed in as ${name}`)).toBeVisible();
});
