/**
 * A course registrant's journey on a server of its own (e-mail to a real SMTP server on loopback):
 * staff add an offline diploma intake, a visitor chooses it on the diploma form, registers and
 * claims the payment on the course payment page, staff verify it, and the confirmation arrives with
 * the intake's location and start, and its calendar invitation (read with ical.js). The
 * registrant's own page then shows the place without a way to move or cancel it, and its link's
 * token leaves the address bar and travels in no request's address.
 */
import { axeViolations } from './axe';
import { expect, test } from './fixtures';
import { claimPayment, indiaLocal, invitation, verifyFirstClaim, withJourneyServer } from './journey-helpers';
import { keepPhoneScreen, phone } from './phone-screens';
import { dashboardBase, openFirstRoster, signIn } from './staff';

test.describe.configure({ mode: 'serial' });
const mailWith = withJourneyServer(16);

const minute = 60_000;
/** Ten days ahead, on the minute. */
const start = Math.ceil((Date.now() + 10 * 24 * 60 * minute) / minute) * minute;
const location = 'One11 Studios, Andheri West, Mumbai';

test('a course registrant chooses an intake, pays, is verified, and gets its location and schedule', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, `${dashboardBase}/sessions`);
  const add = page.getByRole('form', { name: 'New session or intake' });
  await add.getByLabel('Kind').selectOption('course');
  await add.getByLabel('Course').fill('Diploma in Music Production');
  await add.getByLabel('Start (India time)').fill(indiaLocal(start));
  await add.getByLabel('Seats').fill('12');
  await add.getByLabel('Mode').selectOption('offline');
  await add.getByLabel('Location').fill(location);
  await add.getByRole('button', { name: 'Add' }).click();
  // This server does not rebuild (no REBUILD_SECRET): staff are told when the pages follow.
  await expect(page.getByText('Session added.')).toContainText(
    'Visitors without JavaScript see this change once the site is started again',
  );

  await page.goto('/institute/diploma-course-form');
  const choice = page.getByRole('group', { name: 'Choose your intake' });
  await expect(choice.getByRole('radio', { name: /^No intake yet/ })).toBeChecked();
  const intake = choice.getByRole('radio', { name: /^Diploma in Music Production, starts .*, at One11 Studios/ });
  await expect(intake).toHaveAccessibleName(/12 seats left$/);
  await intake.check();
  expect(await axeViolations(page)).toEqual([]);
  const form = page.locator('form').first();
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Karan Mehta');
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill('karan@example.com');
  await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('9876543210');
  await form.getByRole('checkbox', { name: 'Diploma in Music Production', exact: true }).check();
  await form.getByRole('radio', { name: 'Offline', exact: true }).check();
  await page.waitForTimeout(3100); // the form's minimum fill time, against bots
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL('**/institute/course-payment');

  const ack = await mailWith(/course registration received/);
  expect(ack.text).toContain('₹1,178.82');
  expect(ack.text).toContain('/institute/course-payment');
  expect(ack.text).toMatch(
    /Intake: Diploma in Music Production, starts .* IST, at One11 Studios, Andheri West, Mumbai/,
  );
  expect(ack.text).not.toContain('Karan');

  await claimPayment(page, 'karan@example.com');

  await verifyFirstClaim(page);

  const confirmation = await mailWith(/your place in Diploma in Music Production is confirmed/);
  expect(confirmation.text).toContain(`Where: ${location}`);
  expect(confirmation.text).toContain('calendar.google.com');
  expect(confirmation.text).not.toContain('#join-');
  expect(invitation(confirmation)).toMatchObject({ method: 'REQUEST', sequence: 0, start, location });

  // The intake's roster: the registrant, verified, with the confirmation sent.
  await page.goto(`${dashboardBase}/sessions`);
  await openFirstRoster(page);
  await expect(page.getByRole('row').filter({ hasText: 'karan@example.com' })).toContainText('confirmed: sent');
});

test("the registrant's page of an intake place offers no move or cancel, and keeps its token out of every address", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const confirmation = await mailWith(/your place in Diploma in Music Production is confirmed/);
  const pageUrl = /http:\/\/127\.0\.0\.1:\d+\/my-registration#[\w.-]+/.exec(confirmation.text ?? '')?.[0] ?? '';
  const token = pageUrl.slice(pageUrl.indexOf('#') + 1);
  expect(token).toMatch(/^\d+\.[\w-]{27}$/);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));

  await page.goto(pageUrl);
  await expect(page.getByTestId('registration-status')).toHaveText('Confirmed: your payment is verified');
  await expect(page.getByTestId('registration-fixed')).toHaveText(
    'A course intake place cannot be moved or cancelled here: write to us to change your intake.',
  );
  await expect(page.getByRole('button', { name: 'Move my seat' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel my registration' })).toHaveCount(0);
  // The token left the address bar once read; a reload in this tab still opens the registration.
  expect(page.url()).toBe(pageUrl.slice(0, pageUrl.indexOf('#')));
  await page.reload();
  await expect(page.getByTestId('registration-status')).toHaveText('Confirmed: your payment is verified');
  expect(await axeViolations(page)).toEqual([]);
  // Titled as a course registration by the course's name (the document's title too), with the
  // refund policy's words on courses beside the receipt, and its link to the policy's section.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Your course registration: Diploma in Music Production',
  );
  await expect(page.getByText('Your masterclass registration')).toHaveCount(0);
  await expect(page).toHaveTitle(/^Your course registration: Diploma in Music Production \| /);
  const terms = page.getByTestId('refund-terms');
  await expect(terms).toContainText('Digital courses and memberships are not refundable once purchased.');
  await expect(terms.getByRole('link', { name: 'Our refund policy' })).toHaveAttribute(
    'href',
    '/refund-policy#courses-and-memberships',
  );
  await page.setViewportSize(phone);
  await keepPhoneScreen(page, 'registrant-course');

  // The page asked the service for the registration; no request carried the token in its address.
  expect(requested.some((url) => url.endsWith('/api/registrant'))).toBe(true);
  expect(requested.filter((url) => url.includes(token) || url.includes(token.split('.')[1] ?? token))).toEqual([]);
  console.log(
    `${requested.length} requests, none with the token: ${requested.filter((u) => u.includes('/api/')).join(' ')}`,
  );
});
