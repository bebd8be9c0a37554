/**
 * A full masterclass session's waitlist on a phone (375 px), on a server of its own: three visitors
 * open the page while one seat is left; the first takes it, the other two are refused as full and
 * each joins the waitlist with everything they typed, told their place. Staff then see the waitlist
 * in the session's roster and reorder it from the keyboard. A visitor who opens the page when a
 * session is already full chooses it ("Full — join the waitlist"), joins, and is told their place on
 * the page and by e-mail. (Without JavaScript, the refused page's
 * "Join the waitlist" is tested in tests/unit/service/waitlist.test.ts: the masterclass page lists
 * the sessions only when it was built with them.)
 */
import { expect, test } from './fixtures';
import { addSession, signUp, withJourneyServer } from './journey-helpers';
import { dashboardBase, openFirstRoster, signIn } from './staff';

test.describe.configure({ mode: 'serial' });
const mailWith = withJourneyServer(36);

const phone = { width: 375, height: 740 };
const day = 24 * 3_600_000;
const start = Math.ceil((Date.now() + 3 * day) / 3_600_000) * 3_600_000;

test('visitors join a full session’s waitlist with what they typed; staff reorder it', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await page.setViewportSize(phone);
  await signIn(page, `${dashboardBase}/sessions`);
  await addSession(page, start, 1);

  const origin = new URL(page.url()).origin;
  const visitors = await Promise.all([0, 1, 2].map(() => browser.newPage({ baseURL: origin, viewport: phone })));
  for (const v of visitors) {
    await v.goto('/masterclass');
    await expect(v.getByRole('radio', { name: /1 seat left/ })).toBeChecked();
  }
  const [first, second, third] = visitors as [(typeof visitors)[0], (typeof visitors)[0], (typeof visitors)[0]];
  await signUp(first, { name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210' });
  await first.waitForURL('**/payment');

  for (const [v, who] of [
    [second, { name: 'Ravi Kumar', email: 'ravi@example.com', phone: '9876500001' }],
    [third, { name: 'Meena Iyer', email: 'meena@example.com', phone: '9876500002' }],
  ] as const) {
    await signUp(v, who);
    await expect(v.getByText('This session is full.')).toBeVisible();
    // Nothing typed is lost: the fields are as the visitor left them.
    await expect(v.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(who.email);
    const join = v.getByRole('button', { name: 'Join the waitlist' });
    const box = await join.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(phone.width);
    await join.click();
  }
  await expect(second.getByRole('status').filter({ hasText: 'You are number 1 on its waitlist' })).toBeVisible();
  await expect(third.getByRole('status').filter({ hasText: 'You are number 2 on its waitlist' })).toBeVisible();
  for (const v of visitors) await v.close();

  // Staff, on the phone too: the roster's waitlist, reordered with the keyboard.
  await page.goto(`${dashboardBase}/sessions`);
  await openFirstRoster(page);
  const list = page.getByTestId('waitlist');
  await expect(list.getByRole('listitem')).toHaveText([/^1\. Ravi Kumar/, /^2\. Meena Iyer/]);
  await expect(page.getByRole('button', { name: 'Move Ravi Kumar up' })).toBeDisabled();
  await page.getByRole('button', { name: 'Move Meena Iyer up' }).focus();
  await page.keyboard.press('Enter');
  await expect(list.getByRole('listitem')).toHaveText([/^1\. Meena Iyer/, /^2\. Ravi Kumar/]);
  await expect(page.getByRole('status').filter({ hasText: 'Meena Iyer moved up.' })).toBeVisible();
  // The order holds when the roster is read again.
  await page.reload();
  await openFirstRoster(page);
  await expect(page.getByTestId('waitlist').getByRole('listitem')).toHaveText([/^1\. Meena Iyer/, /^2\. Ravi Kumar/]);
});

test('a visitor opening the page when the session is already full chooses it and joins its waitlist', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(phone);
  await signIn(page, `${dashboardBase}/sessions`);
  // A later session than the first test's, with one seat, taken at once.
  await addSession(page, start + day, 1);
  const origin = new URL(page.url()).origin;
  const taker = await browser.newPage({ baseURL: origin, viewport: phone });
  await taker.goto('/masterclass');
  await expect(taker.getByRole('radio', { name: /1 seat left/ })).toBeChecked();
  await signUp(taker, { name: 'Kiran Das', email: 'kiran@example.com', phone: '9876500003' });
  await taker.waitForURL('**/payment');
  await taker.close();

  const visitor = await browser.newPage({ baseURL: origin, viewport: phone });
  await visitor.goto('/masterclass');
  // The full session is a choice like any other, its label saying full and waitlist; none is disabled.
  const full = visitor.getByRole('radio', { name: /Full — join the waitlist/ }).last();
  await expect(full).toBeEnabled();
  await expect(visitor.locator('input[name="schedule"]:disabled')).toHaveCount(0);
  await full.check();
  const box = await visitor.getByRole('button', { name: 'Join the waitlist' }).boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(phone.width);
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await signUp(visitor, { name: 'Divya Nair', email: 'divya@example.com', phone: '9876500004' }, 'Join the waitlist');
  await expect(visitor.getByRole('status').filter({ hasText: 'You are number 1 on its waitlist' })).toBeVisible();
  expect(visitor.url()).toContain('/masterclass');
  await visitor.close();
  // The place comes by e-mail too.
  const mail = await mailWith(/you are number 1 on the waitlist/);
  expect(mail.text).toContain('To leave the waitlist');
});
