import type { Page } from '@playwright/test';
import { desktopAndPhone, expect, test } from './fixtures';
import { dashboardBase, e2eStaff, signIn } from './staff';

/** Twelve digits nobody has claimed in this run, ending in `end`. */
const utrOf = (stamp: number, end: number) => `${stamp}${end}`.slice(-12).padStart(12, '6');

async function claim(page: Page, utr: string, amountPaise: number) {
  const res = await page.request.post('/api/payments/claims', {
    data: { utr, contact: `98765${utr.slice(-5)}`, reference: 'MCFRI2PM0042', amountPaise },
  });
  expect(res.status()).toBe(201);
}

/** A claim of `amountPaise` with a UTR of this moment ending in `end`: its stamp and UTR. */
async function newClaim(page: Page, end: number, amountPaise: number) {
  const stamp = Date.now();
  const utr = utrOf(stamp, end);
  await claim(page, utr, amountPaise);
  return { stamp, utr };
}

const upload = (page: Page, name: string, text: string) =>
  page.getByLabel(/^Statement \(CSV/).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

for (const viewport of desktopAndPhone) {
  test(`staff match a bank statement to claims and verify them in one action at ${viewport.width}px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const stamp = Date.now() + viewport.width;
    const [paid, paidToo, short, other] = [1, 2, 3, 4].map((end) => utrOf(stamp, end)) as [
      string,
      string,
      string,
      string,
    ];
    await claim(page, paid, 149_900);
    await claim(page, paidToo, 149_900);
    await claim(page, short, 149_900);
    const statement = [
      'Account Statement for XXXX1234,,',
      'Date,Narration,Withdrawal Amt.,Deposit Amt.',
      `20/11/26,UPI-ASHA-${paid}-MC,,"1,499.00"`,
      `20/11/26,UPI-RAVI-${paidToo}-MC,,1499.00`,
      `21/11/26,UPI-KIRAN-${short}-MC,,999.00`,
      '21/11/26,RENT,"20,000.00",',
      `22/11/26,UPI-NEW-${other}-X,,500.00`,
    ].join('\n');

    await signIn(page, `${dashboardBase}/payments`);
    await upload(page, 'statement.csv', statement);
    await expect(page.getByRole('status').filter({ hasText: 'credits read' })).toContainText(
      '4 credits read: 2 match a claim, 1 with another amount, 1 without a claim.',
    );
    const proposals = page.getByRole('group', { name: /Claims this statement pays/ });
    await expect(proposals.getByRole('checkbox')).toHaveCount(2);
    await expect(page.getByRole('listitem').filter({ hasText: short })).toContainText('claimed ₹1,499');
    await expect(page.getByRole('listitem').filter({ hasText: other })).toContainText('line 7');
    // Nothing is verified by the import itself.
    await expect(page.getByRole('button', { name: `Mark UTR ${paid} verified` })).toBeVisible();

    await proposals.getByRole('checkbox', { name: new RegExp(paidToo) }).uncheck();
    await page.getByRole('button', { name: 'Verify 1 claim' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'verified' })).toHaveText('1 claim verified.');
    await expect(page.getByRole('row').filter({ hasText: paid })).toContainText(`Verified by ${e2eStaff.name}`);
    await expect(page.getByRole('button', { name: `Mark UTR ${paidToo} verified` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Mark UTR ${short} verified` })).toBeVisible();
  });
}

test('a statement layout the site does not know asks for its columns once; a broken file names its line', async ({
  page,
}) => {
  const { stamp, utr } = await newClaim(page, 7, 99_900);
  await signIn(page, `${dashboardBase}/payments`);

  await upload(page, 'broken.csv', `UTR,Amount\n${utr},999\n"${utr},999\n`);
  await expect(page.getByRole('alert').filter({ hasText: 'Line 3' })).toContainText('not a CSV table');

  const layout = `Ref ${stamp},Rupees ${stamp}`;
  await upload(page, 'app.csv', `${layout}\n${utr},999\n`);
  await page.getByLabel(/Column with the UTR/).selectOption(`Ref ${stamp}`);
  await page.getByLabel('Column with the credited amount').selectOption(`Rupees ${stamp}`);
  await page.getByRole('button', { name: 'Use these columns' }).click();
  await expect(page.getByRole('checkbox', { name: new RegExp(utr) })).toBeChecked();

  await page.reload();
  await upload(page, 'app.csv', `${layout}\n${utr},999\n`);
  await expect(page.getByRole('checkbox', { name: new RegExp(utr) })).toBeChecked();
  await expect(page.getByLabel(/Column with the UTR/)).toHaveCount(0);
});

test("a year's statement (over a thousand lines, beyond the other routes' 64 KB) is read and matched", async ({
  page,
}) => {
  const { stamp, utr } = await newClaim(page, 9, 149_900);
  const lines = ['Date,Narration,Withdrawal Amt.,Deposit Amt.', `20/11/26,UPI-ASHA-${utr}-MC,,"1,499.00"`];
  for (let i = 1; i < 1500; i++)
    lines.push(`20/11/26,UPI-PAYER ${i}-payer${i}@upi-${utrOf(stamp + i, 8)}-MC,,"999.00"`);
  const statement = lines.join('\n');
  expect(statement.length).toBeGreaterThan(64 * 1024);
  await signIn(page, `${dashboardBase}/payments`);
  await upload(page, 'year.csv', statement);
  await expect(page.getByRole('status').filter({ hasText: 'credits read' })).toContainText(
    '1500 credits read: 1 match a claim, 0 with another amount, 1499 without a claim.',
  );
  await expect(page.getByRole('checkbox', { name: new RegExp(utr) })).toBeChecked();
});
