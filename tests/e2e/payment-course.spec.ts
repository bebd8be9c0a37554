import { expect, test } from './fixtures';
import {
  androidPhone,
  chatDraft,
  chatText,
  expectModal,
  expectUpiIdCopied,
  openWatched,
  scanToPay,
  shownReference,
  UPI_ID,
} from './payment-helpers';

const PATH = '/institute/course-payment';

test.describe('/institute/course-payment on a desktop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('states the fee as 999 INR + 18% GST with the total', async ({ page }) => {
    await page.goto(PATH);
    await expect(page.getByText('Registration fee: 999 INR + 18% GST, ₹1,178.82 in total.')).toBeVisible();
    const summary = page.getByRole('region', { name: 'Registration fee', exact: true });
    await expect(summary).toContainText('₹999');
    await expect(summary).toContainText('GST (18%)₹179.82');
    await expect(summary).toContainText('Total to pay₹1,178.82');
  });

  test('Pay via UPI opens the QR dialog: keyboard trapped, page still, Escape closes, focus returns', async ({
    page,
  }) => {
    const navigations = await openWatched(page, PATH);
    await shownReference(page, 'CR');
    const payViaUpi = page.getByRole('button', { name: 'Pay via UPI' });
    await payViaUpi.click();
    const dialog = scanToPay(page);
    await expect(dialog.getByRole('img', { name: 'QR code to pay ₹1,178.82 by UPI' })).toBeVisible();
    await expect(dialog).toContainText('Amount₹1,178.82');
    await expect(dialog).toContainText(UPI_ID);
    await expectModal(page, dialog);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(payViaUpi).toBeFocused();
    navigations.none();
  });

  test('each app logo opens the QR dialog naming that app; Close closes it and focus returns', async ({ page }) => {
    const navigations = await openWatched(page, PATH);
    for (const app of ['GPay', 'PhonePe', 'Paytm']) {
      const logo = page.getByRole('button', { name: `Pay with ${app}` });
      await logo.click();
      const dialog = scanToPay(page);
      await expect(dialog).toContainText(`Open ${app} on your phone`);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      await expect(logo).toBeFocused();
    }
    navigations.none();
  });

  test('Copy UPI ID on the page copies it and says "UPI ID copied!" for 3 seconds', async ({ page }) => {
    await page.clock.install();
    await page.goto(PATH);
    await expectUpiIdCopied(page, page.getByRole('region', { name: 'Step 1: Pay the registration fee' }));
  });

  test('the chat link carries the course draft; "I\'ve Sent My Details" goes to the thank-you page', async ({
    page,
  }) => {
    await page.goto(PATH);
    const reference = await shownReference(page, 'CR');
    const text = await chatText(page);
    expect(text.split('\n')).toEqual(
      chatDraft(
        'Hello One11 Studios! I have registered for a course and paid the registration fee by UPI. My details:',
        ['Name: ', 'Email: ', 'Phone: ', 'Course: '],
        '₹1,178.82',
        reference,
      ),
    );
    await expect(page.getByRole('link', { name: /Send Details on WhatsApp/ })).toHaveAttribute('target', '_blank');

    await page.getByRole('link', { name: "I've Sent My Details" }).click();
    await expect(page).toHaveURL(/\/submission-successfully\/course$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank You for Registering!');
  });

  test('in a window 768 px wide or less, Pay via UPI goes to the UPI link instead of the dialog', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 800 });
    const navigations = await openWatched(page, PATH);
    const reference = await shownReference(page, 'CR');
    await page.getByRole('button', { name: 'Pay via UPI' }).click();
    expect(await navigations.next()).toBe(
      `upi://pay?pa=${UPI_ID}&pn=One11%20Studios&am=1178.82&cu=INR&tn=Course%20registration%20${reference}&tr=${reference}`,
    );
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('/institute/course-payment on an Android phone (375 px)', () => {
  test.use(androidPhone);

  test('Pay via UPI goes to the generic UPI link, with the QR and Save QR image as fallbacks', async ({ page }) => {
    const navigations = await openWatched(page, PATH);
    const reference = await shownReference(page, 'CR');
    await page.getByRole('button', { name: 'Pay via UPI' }).click();
    const link = `upi://pay?pa=${UPI_ID}&pn=One11%20Studios&am=1178.82&cu=INR&tn=Course%20registration%20${reference}&tr=${reference}`;
    expect(await navigations.next()).toBe(link);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const fallback = page.getByRole('region', { name: 'Did your UPI app not open?' });
    await expect(fallback.getByRole('link', { name: 'Open in a UPI app' })).toHaveAttribute('href', link);
    await expect(fallback.getByRole('img', { name: 'QR code to pay ₹1,178.82 by UPI' })).toBeVisible();
    await expect(fallback.getByRole('button', { name: 'Save QR image' })).toBeVisible();
  });

  test('an app logo goes to that app on the phone', async ({ page }) => {
    const navigations = await openWatched(page, PATH);
    await page.getByRole('button', { name: 'Pay with PhonePe' }).click();
    expect(await navigations.next()).toMatch(
      /^intent:\/\/pay\?pa=one11studios@example&pn=One11%20Studios&am=1178\.82&cu=INR&tn=Course%20registration%20CR[A-Z0-9]+&tr=CR[A-Z0-9]+#Intent;scheme=upi;package=com\.phonepe\.app;end$/,
    );
    await expect(page.getByRole('region', { name: 'Did PhonePe not open?' })).toBeVisible();
  });

  test('the page fits the phone screen', async ({ page }) => {
    await page.goto(PATH);
    await shownReference(page, 'CR');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
