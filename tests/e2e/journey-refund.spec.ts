/**
 * A refund from the registrant's request to the credit note in their mailbox, on a server of its
 * own registered for GST (a real SMTP server on loopback; the PDFs read back with poppler's
 * pdftotext). The masterclass starts a minute or two after the test does: the registrant may ask
 * for a refund once it has started (the masterclass terms), by the real clock.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import { expect, test } from './fixtures';
import { scheduleMasterclass, withJourneyServer } from './journey-helpers';
import { expectBooksOnPhone, keepPhoneScreen, phone } from './phone-screens';
import { dashboardBase, signIn } from './staff';

test.describe.configure({ mode: 'serial' });
const mailWith = withJourneyServer(28, { STUDIO_GSTIN: '27AAPFU0939F1ZV', STUDIO_LEGAL_NAME: 'One11 Studios LLP' });

/** The text of a mail's PDF attachment as pdftotext reads it. */
function pdfOf(mail: ParsedMail): string {
  const part = mail.attachments.find((a) => a.contentType === 'application/pdf');
  if (!part) throw new Error(`no PDF in ${mail.subject}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'refund-e2e-'));
  try {
    writeFileSync(path.join(dir, 'doc.pdf'), part.content);
    return execFileSync('pdftotext', ['-layout', path.join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a registrant asks for a refund from their page; staff refund part of it; the credit note arrives', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const minute = 60_000;
  const start = Math.ceil((Date.now() + 75_000) / minute) * minute;
  await signIn(page, `${dashboardBase}/books`);
  const origin = { Origin: baseURL ?? '' };
  const label = await scheduleMasterclass(baseURL ?? '', start);
  const email = 'ravi@example.com';
  const form = {
    name: 'Ravi Kumar',
    email,
    phone: '9876543211',
    city: 'Bengaluru',
    level: 'Beginner',
    schedule: label,
  };
  expect((await page.request.post('/api/forms/masterclass', { headers: origin, data: form })).status()).toBe(201);
  const utr = String(Date.now()).slice(-12).padStart(12, '7');
  const claim = { utr, contact: email, reference: 'MCK9ZZZZ12345678', amountPaise: 11682, state: 'Karnataka' };
  expect((await page.request.post('/api/payments/claims', { headers: origin, data: claim })).status()).toBe(201);

  // Staff verify the payment in Payments: the confirmation carries the tax invoice.
  await page.goto(`${dashboardBase}/payments`);
  await page
    .getByRole('button', { name: /verified$/ })
    .first()
    .click();
  const confirmation = await mailWith(/seat is confirmed/);
  const invoice = pdfOf(confirmation);
  expect(invoice).toContain('Tax invoice');
  expect(invoice).toContain('Place of supply: 29-Karnataka');
  expect(invoice).toContain('IGST 18%: ₹17.82');
  const number = /Invoice number: (INV\/\d\d-\d\d\/\d{5})/.exec(invoice)?.[1] ?? '';
  expect(number).not.toBe('');
  // The page link (a number first), not the join link (#join-…) the same e-mail carries.
  const pageUrl = /http:\/\/127\.0\.0\.1:\d+\/my-registration#\d[\w.-]+/.exec(confirmation.text ?? '')?.[0] ?? '';

  // Before the masterclass: the page offers the invoice, not yet a refund.
  await page.goto(pageUrl);
  // The PDF comes through a request with the link's token in its header, then is saved.
  const invoiceButton = page.getByRole('button', { name: new RegExp(`Download tax invoice ${number}`) });
  const [download] = await Promise.all([page.waitForEvent('download'), invoiceButton.click()]);
  expect(download.suggestedFilename()).toBe(`${number.replaceAll('/', '-')}.pdf`);
  await expect(page.getByRole('button', { name: 'Ask for a refund' })).toHaveCount(0);
  // Titled as a masterclass registration (the document's title too).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your masterclass registration');
  await expect(page).toHaveTitle(/^Your masterclass registration \| /);
  // Once it has started, the registrant asks, on a phone: the refund terms stand beside the box.
  await page.waitForTimeout(Math.max(0, start - Date.now() + 1000));
  await page.setViewportSize(phone);
  await page.reload();
  const box = page.getByRole('textbox', { name: 'Ask for a refund (the terms above say when)' });
  const terms = page.getByTestId('refund-terms');
  await expect(terms.getByRole('heading', { name: 'Eligibility for Refund' })).toBeVisible();
  await expect(terms.getByRole('heading', { name: 'Valid Grounds for Refund' })).toBeVisible();
  await expect(terms).toContainText('within 24 hours of attending the masterclass');
  await expect(terms.getByRole('link', { name: 'All the masterclass terms' })).toHaveAttribute(
    'href',
    '/masterClass-Terms#eligibility-for-refund',
  );
  // Kept from the top: the sticky navbar then covers nothing of the full-page shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  await keepPhoneScreen(page, 'registrant-refund-terms');
  await box.fill('The session did not cover mixing as promised.');
  await page.getByRole('button', { name: 'Ask for a refund' }).click();
  await expect(page.getByTestId('refund-status')).toHaveText(/Your refund request is in/);

  // Staff see it in Books, on a phone: the open request first, its boxes drawn, one heading.
  await page.setViewportSize(phone);
  await page.goto(`${dashboardBase}/books`);
  const row = page.getByRole('row').filter({ hasText: 'The session did not cover mixing' });
  await expectBooksOnPhone(page, row);
  // And record a transfer of ₹50.
  await row.getByLabel('Refund UTR').fill('UTRREFUND0002');
  await row.getByLabel('Amount (₹)').fill('50.00');
  await row.getByRole('button', { name: 'Record refund' }).click();
  await expect(page.getByText(/Refunded: credit note INVC\/\d\d-\d\d\/00001 is issued/)).toBeVisible();
  await expect(page.getByTestId('books-total')).toContainText('2 document(s)');

  // The credit note in the registrant's mailbox, and on their page.
  const refunded = await mailWith(/refund made, credit note/);
  const note = pdfOf(refunded);
  for (const line of [
    'Credit note',
    `Against invoice ${number}`,
    'Place of supply: 29-Karnataka',
    'Taxable value: ₹42.37',
    'IGST 18%: ₹7.63',
    'Total credited: ₹50.00',
  ])
    expect(note).toContain(line);
  await page.goto(pageUrl);
  await expect(page.getByTestId('refund-status')).toHaveText(
    /^Refunded ₹50\.00: credit note INVC\/\d\d-\d\d\/00001 is issued\. Download it here; we e-mailed it to you too\.$/,
  );
  // The credit note downloads from the page beside the decision, by the link's token in a header.
  const noteNumber = /Credit note number:\s+(INVC\/\d\d-\d\d\/\d{5})/.exec(note)?.[1] ?? '';
  const noteButton = page.getByRole('button', { name: `Download credit note ${noteNumber} (PDF)` });
  const [noteDownload] = await Promise.all([page.waitForEvent('download'), noteButton.click()]);
  expect(noteDownload.suggestedFilename()).toBe(`${noteNumber.replaceAll('/', '-')}.pdf`);
  const saved = test.info().outputPath('credit-note.pdf');
  await noteDownload.saveAs(saved);
  const downloaded = execFileSync('pdftotext', ['-layout', saved, '-'], { encoding: 'utf8' });
  expect(noteNumber).not.toBe('');
  expect(downloaded).toMatch(new RegExp(`Credit note number:\\s+${noteNumber}`));
  expect(downloaded).toContain('Total credited: ₹50.00');
  await page.evaluate(() => window.scrollTo(0, 0));
  await keepPhoneScreen(page, 'registrant-credit-note');
  // A part refunded: the seat is kept, and the mail says so.
  expect(refunded.text).toContain('Your seat is kept');
  await expect(page.getByTestId('registration-status')).not.toHaveText('Cancelled');
});
