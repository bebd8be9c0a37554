/**
 * A registrant's journey on a server of its own that sends e-mail to a real SMTP server on loopback
 * (smtp-server, in this process): staff schedule sessions, a visitor signs up and claims the
 * payment, staff verify it, and the confirmation arrives with a calendar invitation (read with
 * ical.js) and a join link whose page opens the meeting only inside its window (by the real clock: the first
 * session starts in 20 minutes, so its link is open; moved to tomorrow, it is not).
 */
import path from 'node:path';
import { axeViolations } from './axe';
import { expect, test } from './fixtures';
import { addSession, claimPayment, indiaLocal, invitation, signUp, withJourneyServer } from './journey-helpers';
import { dashboardBase, e2eStaff, openFirstRoster, signIn } from './staff';

const shots = process.env.JOURNEY_SHOTS;
test.describe.configure({ mode: 'serial' });
const mailWith = withJourneyServer(7);

const minute = 60_000;
const soon = Math.ceil((Date.now() + 20 * minute) / minute) * minute;
const tomorrow = soon + 24 * 60 * minute;

let joinUrl = '';
let pageUrl = '';
let firstUid = '';

test('sign-up, claim, verification: the confirmation arrives with its invitation and an open join link', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, `${dashboardBase}/sessions`);
  await addSession(page, soon, 1);
  await addSession(page, tomorrow + 60 * minute, 5);

  // Two visitors open the page while the first session has its last seat.
  const other = await browser.newPage({ baseURL: new URL(page.url()).origin });
  for (const p of [page, other]) {
    await p.goto('/masterclass');
    await expect(p.getByRole('radio', { name: /1 seat left/ })).toBeChecked();
    // The strip above the page shows the service's next session with seats (the build has none).
    await expect(p.getByTestId('next-session')).toHaveAttribute('datetime', new Date(soon).toISOString());
  }
  await signUp(page, { name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210' });
  await page.waitForURL('**/payment');
  // The second one confirms a moment later: refused with the next session offered and chosen.
  await signUp(other, { name: 'Ravi Kumar', email: 'ravi@example.com', phone: '9876500001' });
  await expect(other.getByRole('alert').filter({ hasText: 'That session is full' })).toContainText(
    'The next session with seats is',
  );
  await expect(other.getByRole('radio', { name: /5 seats left/ })).toBeChecked();
  // The full session stays a choice: its waitlist.
  await expect(other.getByRole('radio', { name: /Full — join the waitlist/ })).not.toBeChecked();
  await other.close();

  const ack = await mailWith(/registration received/);
  expect(ack.text).toContain('₹116.82');
  expect(ack.html).toContain('Payment page');

  await claimPayment(page, 'asha@example.com');

  await page.goto(`${dashboardBase}/payments`);
  const verifyButton = page.getByRole('button', { name: /verified$/ }).first();
  const box = await verifyButton.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(1280);
  await verifyButton.click();
  await expect(page.getByText(`Verified by ${e2eStaff.name}`)).toBeVisible();

  const confirmation = await mailWith(/seat is confirmed/);
  const invite = invitation(confirmation);
  expect(invite).toMatchObject({ method: 'REQUEST', sequence: 0, start: soon });
  firstUid = String(invite.uid);
  joinUrl = /http:\/\/127\.0\.0\.1:\d+\/my-registration#join-[\w.-]+/.exec(confirmation.text ?? '')?.[0] ?? '';
  pageUrl = /http:\/\/127\.0\.0\.1:\d+\/my-registration#\d[\w.-]+/.exec(confirmation.text ?? '')?.[0] ?? '';
  expect(confirmation.text).toContain('calendar.google.com');
  // The session starts within 30 minutes: the join link's page posts its token and opens the meeting.
  await page.route('https://meet.example/**', (route) => route.fulfill({ body: 'the meeting' }));
  await page.goto(joinUrl, { waitUntil: 'commit' });
  await page.waitForURL('https://meet.example/abc-defg-hij');

  // The roster: registered, claimed, verified and joined.
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 740 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(`${dashboardBase}/sessions`);
    await openFirstRoster(page);
    await expect(page.getByTestId('roster-tally')).toHaveText(
      '1 registered · 1 claimed · 1 verified · 1 attended · 0 certified',
    );
    const row = page.getByRole('row').filter({ hasText: 'asha@example.com' });
    await expect(row).toContainText('confirmed: sent');
    await page.getByLabel('Payment').selectOption('unpaid');
    await expect(row).toHaveCount(0);
    await page.getByLabel('Payment').selectOption('paid');
    await expect(row).toBeVisible();
    // Every session's actions stay in view at this width, however wide the table.
    const box = await page
      .getByRole('button', { name: /^Cancel/ })
      .first()
      .boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(viewport.width);
    if (shots) await page.screenshot({ path: path.join(shots, `roster-${viewport.width}.png`), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
    // The masterclass table shows every column, its paid filter, and the Payments view its buttons.
    await page.goto(`${dashboardBase}/forms/masterclass`);
    await page.getByLabel('Payment').selectOption('paid');
    await expect(page.getByRole('row').filter({ hasText: 'asha@example.com' })).toContainText('Paid');
    const note = await page.getByRole('columnheader', { name: 'Note' }).boundingBox();
    if (shots) await page.screenshot({ path: path.join(shots, `masterclass-${viewport.width}.png`), fullPage: true });
    if (viewport.width === 1280) expect((note?.x ?? 0) + (note?.width ?? Infinity)).toBeLessThanOrEqual(1280);
  }
});

test('moved to tomorrow: the update keeps the UID, the join link says when it opens; the own page shows the seat', async ({
  page,
}) => {
  test.setTimeout(90_000);
  expect(joinUrl).not.toBe('');
  await signIn(page, `${dashboardBase}/sessions`);
  await page.getByRole('button', { name: /^Edit/ }).first().click();
  const form = page.getByRole('form', { name: /^Change the session/ });
  await form.getByLabel('Start (India time)').fill(indiaLocal(tomorrow));
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Session changed.')).toBeVisible();
  const update = await mailWith(/masterclass moved/);
  expect(invitation(update)).toMatchObject({ method: 'REQUEST', uid: firstUid, sequence: 1, start: tomorrow });

  await page.goto(joinUrl);
  await expect(page.getByRole('heading', { name: 'Your join link is not open yet' })).toBeVisible();
  await expect(page.getByText(/It opens at .* IST, 30 minutes before the start/)).toBeVisible();

  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto(pageUrl);
  await expect(page.getByTestId('registration-status')).toHaveText('Confirmed: your payment is verified');
  expect(page.url()).not.toContain('#');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByText('Masterclass Terms', { exact: true }).click();
  // The whole terms, opened above the cancel button; while it can be cancelled, the refund terms are not repeated.
  await expect(page.locator('details').getByRole('heading', { name: 'Eligibility for Refund' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Eligibility for Refund' })).toHaveCount(1);
  await expect(page.getByTestId('refund-terms')).toHaveCount(0);
  const cancel = page.getByRole('button', { name: 'Cancel my registration' });
  await expect(cancel).toBeDisabled();
  await page.getByRole('checkbox', { name: 'I have read the masterclass terms above' }).check();
  await cancel.click();
  await expect(page.getByTestId('registration-status')).toHaveText('Cancelled');
  // The calendar entry is withdrawn: METHOD:CANCEL, the same UID, one change later.
  const withdrawn = await mailWith(/masterclass cancelled/);
  expect(invitation(withdrawn)).toMatchObject({ method: 'CANCEL', uid: firstUid, sequence: 2 });
  // The join link no longer opens anything.
  await page.goto(joinUrl);
  await expect(page.getByRole('heading', { name: 'This link does not open a session' })).toBeVisible();
  // No request of the page or the join link carried a token in its address.
  const tokens = [pageUrl, joinUrl].map((url) => url.slice(url.lastIndexOf('.') + 1));
  expect(requested.filter((url) => tokens.some((t) => url.includes(t)))).toEqual([]);
});
