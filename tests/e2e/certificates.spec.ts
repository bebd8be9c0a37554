/**
 * Certificates on a server of its own (e-mail to a real SMTP server on loopback): a visitor signs up
 * for a masterclass, staff issue their certificate from the session's roster, it arrives by e-mail
 * with its PDF and the verification link, the public verification page says it is valid and the
 * registrant's own page lists it with its PDF to download; staff
 * revoke it, and the same page then says it is revoked. A serial typed into the page's form is
 * checked too, and one never issued is said to be unknown.
 */
import { desktopAndPhone, expect, test } from './fixtures';
import { addSession, claimPayment, indiaLocal, signUp, verifyFirstClaim, withJourneyServer } from './journey-helpers';
import { expectAbove, expectInFirstScreen, keepPhoneScreen, phone } from './phone-screens';
import { dashboardBase, openFirstRoster, signIn } from './staff';

test.describe.configure({ mode: 'serial' });
const mailWith = withJourneyServer(32);

const minute = 60_000;
const soon = Math.ceil((Date.now() + 60 * minute) / minute) * minute;

test('staff issue a certificate from the roster; the verification page shows it valid, then revoked', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, `${dashboardBase}/sessions`);
  await addSession(page, soon, 5);
  await page.goto('/masterclass');
  await expect(page.getByRole('radio', { name: /5 seats left/ })).toBeChecked();
  await signUp(page, { name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210' });
  await page.waitForURL('**/payment');
  // She pays, and staff verify it in Payments: a certificate is only for a registration paid for.
  await claimPayment(page, 'asha@example.com');
  await verifyFirstClaim(page);

  // The session took place earlier than planned, and has ended: staff record its time, then mark her
  // attendance by hand with the reason (a certificate is only for attendance inside its time).
  const origin = { Origin: new URL(page.url()).origin };
  const listed = (await (await page.request.get('/api/sessions/manage')).json()) as { sessions: { id: number }[] };
  const id = listed.sessions[0]?.id;
  const held = {
    kind: 'masterclass',
    startsAt: indiaLocal(Date.now() - 40 * minute).replace('T', ' '),
    durationMinutes: 15,
    capacity: 5,
    meetingUrl: 'https://meet.example/abc-defg-hij',
  };
  expect((await page.request.patch(`/api/sessions/manage/${id}`, { headers: origin, data: held })).status()).toBe(200);
  const { roster } = (await (await page.request.get(`/api/sessions/manage/${id}/roster`)).json()) as {
    roster: { registrationId: number }[];
  };
  const hand = { registration: roster[0]?.registrationId, reason: 'Signed the attendance sheet at the studio.' };
  const marked = await page.request.post(`/api/sessions/manage/${id}/attendance`, { headers: origin, data: hand });
  expect(marked.status()).toBe(200);

  await page.goto(`${dashboardBase}/sessions`);
  await openFirstRoster(page);
  const row = page.getByRole('row').filter({ hasText: 'asha@example.com' });
  await row.getByRole('checkbox', { name: 'Select Asha Rao' }).check();
  await page.getByRole('button', { name: 'Issue certificates to selected (1)' }).click();
  await expect(page.getByTestId('certificates-message')).toHaveText('1 certificate(s) issued and e-mailed.');
  const serial = (await row.getByRole('link', { name: /^CERT-/ }).textContent()) ?? '';
  expect(serial).toMatch(/^CERT-\d{4}-[0-9A-Z]{10}$/);
  // Issuing again changes nothing: the same certificate stands.
  await row.getByRole('checkbox', { name: 'Select Asha Rao' }).check();
  await page.getByRole('button', { name: 'Issue certificates to selected (1)' }).click();
  await expect(page.getByTestId('certificates-message')).toContainText('1 issued before');
  await expect(row.getByRole('link', { name: serial })).toBeVisible();

  const mail = await mailWith(/certificate of participation/);
  expect(mail.subject).toContain(serial);
  expect(mail.attachments.map((a) => a.filename)).toEqual([`certificate-${serial}.pdf`]);
  const verifyLink = new RegExp(`http://127\\.0\\.0\\.1:\\d+/verify-certificate\\?serial=${serial}`).exec(
    mail.text ?? '',
  )?.[0];
  expect(verifyLink).toBeDefined();

  // Opened from the QR code on a phone: the verdict in the first screen.
  await page.setViewportSize(phone);
  await page.goto(verifyLink ?? '');
  const answer = page.getByTestId('certificate-answer');
  await expect(answer).toContainText('This certificate is valid.');
  await keepPhoneScreen(page, 'certificate-check');
  const verdict = page.getByText('This certificate is valid.', { exact: true });
  await expectInFirstScreen(page, verdict);
  await expectAbove(verdict, page.getByLabel(/^Serial number/));
  await page.setViewportSize(desktopAndPhone[0]);
  await expect(answer).toContainText('Asha Rao');
  await expect(answer).toContainText('Certificate of participation');
  await expect(answer).toContainText('Music Production Masterclass');
  await expect(answer).not.toContainText('asha@example.com');

  // The registrant's own page (its link from the acknowledgement) lists it, and downloads its PDF.
  const ack = await mailWith(/masterclass registration received/);
  const pageUrl = /http:\/\/127\.0\.0\.1:\d+\/my-registration#[\w.-]+/.exec(ack.text ?? '')?.[0] ?? '';
  await page.goto(pageUrl);
  const own = page.getByTestId('own-certificates');
  await expect(own).toContainText(`Certificate of participation, Music Production Masterclass`);
  await expect(own.getByRole('link', { name: serial })).toHaveAttribute('href', `/verify-certificate?serial=${serial}`);
  const download = page.waitForEvent('download');
  await own.getByRole('button', { name: 'Download (PDF)' }).click();
  expect((await download).suggestedFilename()).toBe(`certificate-${serial}.pdf`);

  await page.goto(`${dashboardBase}/sessions`);
  await openFirstRoster(page);
  await row.getByRole('button', { name: 'Revoke' }).click();
  await row.getByLabel('Reason for revoking (kept with it)').fill('Issued to the wrong seat.');
  await row.getByRole('button', { name: `Revoke ${serial}` }).click();
  await expect(page.getByTestId('certificates-message')).toHaveText(`Certificate ${serial} is revoked.`);
  await expect(row).toContainText(`${serial} (revoked)`);

  await page.goto(verifyLink ?? '');
  await expect(answer).toContainText(/This certificate was revoked on .*: it is not valid\./);
  await expect(answer).not.toContainText('wrong seat');

  // A serial typed into the form (lower case, with spaces) is checked and put in the address.
  await page.goto('/verify-certificate');
  await page.getByLabel(/^Serial number/).fill(` ${serial.toLowerCase()} `);
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(answer).toContainText('revoked');
  expect(new URL(page.url()).searchParams.get('serial')).toBe(serial.toLowerCase());
  await page.getByLabel(/^Serial number/).fill('CERT-2026-0000000000');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(answer).toContainText('No certificate has this serial number.');
});

test('without JavaScript the verification page says where the service answers for a serial', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, ...(baseURL ? { baseURL } : {}) });
  const page = await context.newPage();
  await page.goto('/verify-certificate?serial=CERT-2026-0000000000');
  await expect(page.getByText(/^Without JavaScript, the service answers for a serial number at/)).toContainText(
    '/api/certificates/SERIAL',
  );
  await expect(page.getByLabel(/^Serial number/)).toBeVisible();
  await context.close();
});
