import { expect, test } from './fixtures';
import {
  androidPhone,
  chatDraft,
  chatText,
  expectModal,
  expectUpiIdCopied,
  iPhone,
  openWatched,
  proceedWith,
  scanToPay,
  shownReference,
  UPI_ID,
} from './payment-helpers';

test.describe('/payment on a desktop (1280 px)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows the fee, starts with no option, and Proceed with none shows the error without going anywhere', async ({
    page,
  }) => {
    const navigations = await openWatched(page, '/payment');
    const summary = page.getByRole('region', { name: 'Masterclass fee' });
    await expect(summary).toContainText('₹99');
    await expect(summary).toContainText('GST (18%)₹17.82');
    await expect(summary).toContainText('Total to pay₹116.82');

    const options = page.getByRole('radio');
    await expect(options).toHaveCount(4);
    for (const name of ['QR Code', 'GPay', 'PhonePe', 'Paytm']) {
      await expect(page.getByRole('radio', { name })).not.toBeChecked();
    }

    await page.getByRole('button', { name: 'Proceed to Pay' }).click();
    await expect(page.locator('main').getByRole('alert')).toHaveText('Please select a payment option first.');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    navigations.none();

    await page.getByRole('radio', { name: 'Paytm' }).check();
    await expect(page.locator('main').getByRole('alert')).toHaveText('');
    await expect(page.getByRole('radio', { name: 'Paytm' })).toBeChecked();
    // Arrow keys move the single choice, as in any radio group.
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('radio', { name: 'PhonePe' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Paytm' })).not.toBeChecked();
  });

  test('QR Code opens Scan to Pay: focus moves in and is trapped, the page stays still, Escape closes and focus returns', async ({
    page,
  }) => {
    const navigations = await openWatched(page, '/payment');
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
    await page.getByRole('radio', { name: 'QR Code' }).check();
    const proceed = page.getByRole('button', { name: 'Proceed to Pay' });
    await proceed.focus();
    await page.keyboard.press('Enter');

    const dialog = scanToPay(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'QR code to pay ₹116.82 by UPI' })).toBeVisible();
    const qrBox = await dialog.getByRole('img', { name: /QR code/ }).boundingBox();
    expect(qrBox?.width).toBe(180);
    await expect(dialog).toContainText(UPI_ID);
    await expect(dialog).toContainText('Amount₹116.82');
    await expect(dialog.getByRole('button', { name: 'Copy UPI ID' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
    // A desktop cannot open upi:// links or scan its own screen: neither is offered.
    await expect(dialog.getByRole('link', { name: 'Open in a UPI app' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Save QR image' })).toHaveCount(0);

    await expectModal(page, dialog);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(proceed).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');

    await proceed.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(proceed).toBeFocused();
    navigations.none();
  });

  test('an app chosen on a desktop also opens the QR, with that app named', async ({ page }) => {
    const navigations = await openWatched(page, '/payment');
    const dialog = await proceedWith(page, 'GPay');
    await expect(dialog).toContainText('Open GPay on your phone');
    await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
    navigations.none();
  });

  test('Copy UPI ID copies it and says "UPI ID copied!" for 3 seconds', async ({ page }) => {
    await page.clock.install();
    await page.goto('/payment');
    const dialog = await proceedWith(page, 'QR Code');
    await expect(dialog.getByRole('status')).toHaveText('');
    await expectUpiIdCopied(page, dialog);
  });

  test('without clipboard access, Copy UPI ID selects the id and says how to copy it', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'clipboard', { configurable: true, get: () => undefined });
    });
    await page.goto('/payment');
    const dialog = await proceedWith(page, 'QR Code');
    await dialog.getByRole('button', { name: 'Copy UPI ID' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Press Ctrl+C (or long-press) to copy');
    expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(UPI_ID);
    await expect(dialog.getByRole('status')).not.toHaveText('UPI ID copied!');
  });

  test('Step 2 opens the chat in a new tab with the prefilled message; the reference survives a reload', async ({
    page,
  }) => {
    await page.goto('/payment');
    const reference = await shownReference(page, 'MC');
    const link = page.getByRole('link', { name: /Send Details on WhatsApp/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    const text = await chatText(page);
    expect(text.split('\n')).toEqual(
      chatDraft(
        'Hello One11 Studios! I have paid for the masterclass by UPI. My details:',
        ['Name: ', 'Email: ', 'Phone: '],
        '₹116.82',
        reference,
      ),
    );
    await expect(page.getByRole('figure')).toContainText(`Payment reference: ${reference}`);

    // The test browser is offline: answer for wa.me so the new tab has somewhere to land.
    await page
      .context()
      .route('https://wa.me/**', (route) => route.fulfill({ contentType: 'text/plain', body: 'chat' }));
    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).searchParams.get('text')).toBe(text);
    await popup.close();

    await page.reload();
    expect(await shownReference(page, 'MC')).toBe(reference);
  });

  test('the name, e-mail and phone carried from the masterclass form, and the UTR of the claim, fill the message', async ({
    page,
  }) => {
    await page.addInitScript(() =>
      sessionStorage.setItem(
        'handoff:masterclass-contact',
        JSON.stringify({ name: 'Asha K', email: 'asha.k@example.com', phone: '9876543210' }),
      ),
    );
    await page.goto('/payment');
    await expect(page.getByText('Your e-mail from the registration form is already in the message.')).toBeVisible();
    const before = await chatText(page);
    expect(before).toContain('\nName: Asha K\nEmail: asha.k@example.com\nPhone: 9876543210\n');
    expect(before).toContain('\nUTR (12-digit UPI transaction ID): \n');
    const utr = `4${String(Date.now()).slice(-11)}`;
    await page.getByLabel('UPI transaction number (UTR)').fill(utr);
    await page.getByRole('button', { name: 'Send payment details' }).click();
    await expect(page.getByText('we have received your payment details')).toBeVisible();
    expect(await chatText(page)).toContain(`\nUTR (12-digit UPI transaction ID): ${utr}\n`);
    expect(await chatText(page)).toContain('\nName: Asha K\n');
  });

  test('never claims the payment went through, and explains the manual flow', async ({ page }) => {
    await page.goto('/payment');
    const flow = page.getByRole('region', { name: 'How your payment is confirmed' });
    await expect(flow).toContainText(`Pay ₹116.82 by UPI to ${UPI_ID}`);
    await expect(flow).toContainText('a screenshot of the payment on WhatsApp');
    await expect(flow).toContainText('access link');
    await expect(page.locator('main')).not.toContainText(/payment (was )?(successful|complete|received)/i);
  });
});

test.describe('/payment on an Android phone (375 px)', () => {
  test.use(androidPhone);

  test('an app chosen goes to that app’s link, with the generic UPI link and the QR left as fallbacks', async ({
    page,
  }) => {
    const navigations = await openWatched(page, '/payment');
    const reference = await shownReference(page, 'MC');
    await proceedWith(page, 'GPay');

    const target = await navigations.next();
    expect(target).toBe(
      `intent://pay?pa=${UPI_ID}&pn=One11%20Studios&am=116.82&cu=INR&tn=Masterclass%20${reference}&tr=${reference}` +
        '#Intent;scheme=upi;package=com.google.android.apps.nbu.paisa.user;end',
    );
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const fallback = page.getByRole('region', { name: 'Did GPay not open?' });
    await expect(fallback.getByRole('link', { name: 'Open in a UPI app' })).toHaveAttribute(
      'href',
      `upi://pay?pa=${UPI_ID}&pn=One11%20Studios&am=116.82&cu=INR&tn=Masterclass%20${reference}&tr=${reference}`,
    );
    await expect(fallback.getByRole('img', { name: 'QR code to pay ₹116.82 by UPI' })).toBeVisible();
    await expect(fallback).toContainText(UPI_ID);
    await expect(fallback.getByRole('button', { name: 'Save QR image' })).toBeVisible();
  });

  test('QR Code opens Scan to Pay, whose QR can be saved as an image (a phone cannot scan its own screen)', async ({
    page,
  }) => {
    // Kept apart from the app-link test: after Chromium has handed a page to an external protocol,
    // it may hold back that page's downloads, which has nothing to do with the site.
    await page.goto('/payment');
    const reference = await shownReference(page, 'MC');
    const dialog = await proceedWith(page, 'QR Code');
    await expect(dialog).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Save QR image' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`upi-payment-${reference}.png`);
    const file = await download.path();
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(file);
    // A PNG, big enough to be a real QR image.
    expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(bytes.length).toBeGreaterThan(1000);
  });

  test('the QR code loads after the page: a tap before its script has arrived shows the dialog with an empty box, then the code', async ({
    page,
  }) => {
    // The QR's drawing library is a script of its own (the page hydrates without it): hold it back
    // until released, as a slow network would, whether the idle preload or the tap asks for it first.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const asked: string[] = [];
    await page.route('**/_next/static/chunks/*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('QRCodeSVG')) {
        asked.push(route.request().url());
        await released;
      }
      await route.fulfill({ response, body });
    });
    await page.goto('/payment');
    const dialog = await proceedWith(page, 'QR Code');
    await expect(dialog).toBeVisible();
    // Everything but the code is there at once; the box keeps the code's size, so nothing moves.
    await expect(dialog).toContainText('₹116.82');
    await expect(dialog).toContainText(UPI_ID);
    const box = dialog.locator('[aria-busy="true"]');
    await expect(box).toBeVisible();
    const before = await box.boundingBox();
    expect(asked.length).toBeGreaterThan(0);
    release();
    const code = dialog.getByRole('img', { name: 'QR code to pay ₹116.82 by UPI' });
    await expect(code).toBeVisible();
    await expect(dialog.locator('[aria-busy="true"]')).toHaveCount(0);
    const after = await code.locator('xpath=..').boundingBox();
    expect(after).toEqual(before);
  });

  test('Proceed with none still shows the error and goes nowhere', async ({ page }) => {
    const navigations = await openWatched(page, '/payment');
    await page.getByRole('button', { name: 'Proceed to Pay' }).click();
    await expect(page.locator('main').getByRole('alert')).toHaveText('Please select a payment option first.');
    await page.waitForTimeout(200);
    navigations.none();
  });

  test('QR Code on a phone opens the dialog, with the app link and Save QR image', async ({ page }) => {
    const navigations = await openWatched(page, '/payment');
    const dialog = await proceedWith(page, 'QR Code');
    await expect(dialog.getByRole('img', { name: /QR code/ })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Save QR image' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Open in a UPI app' })).toHaveAttribute(
      'href',
      /^upi:\/\/pay\?.*&am=116\.82&/,
    );
    const box = await dialog.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(375);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    navigations.none();
  });
});

test.describe('/payment on an iPhone', () => {
  test.use(iPhone);

  test('PhonePe goes to the PhonePe app’s own scheme', async ({ page }) => {
    const navigations = await openWatched(page, '/payment');
    await proceedWith(page, 'PhonePe');
    expect(await navigations.next()).toMatch(
      /^phonepe:\/\/pay\?pa=one11studios@example&pn=One11%20Studios&am=116\.82&cu=INR&/,
    );
    await expect(page.getByRole('region', { name: 'Did PhonePe not open?' })).toBeVisible();
  });
});
