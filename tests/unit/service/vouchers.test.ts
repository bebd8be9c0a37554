/** @jest-environment node */
import { strFromU8, unzipSync } from 'fflate';
import { gstr1Sheets } from '@/lib/books/sheets';
import { financialYear } from '@/lib/books/tax';
import { isoIndia } from '@/lib/india-time';
import { voucherPdf } from '@/server/books/books-pdf';
import {
  type AdvanceReceived,
  getVoucher,
  issueReceiptVoucher,
  issueRefundVoucher,
  monthAdvances,
  vouchersOfReference,
} from '@/server/books/vouchers-store';
import { addClaim } from '@/server/payments/claims-store';
import { gstStudio as books } from './gst-studio';
import { pdfText } from './pdf';
import { serviceApp, signIn, testHash } from './service-app';
import { databaseKinds, openedStore } from './test-stores';

jest.setTimeout(120_000);

const fy = financialYear(new Date());
const month = isoIndia(Date.now()).slice(0, 7);
const label = '29AAACR5055K1Z3';

/**
 * The advances of studio bookings in the books: a receipt voucher when a deposit is received (GST
 * is due on receipt), a refund voucher when one is returned before its invoice. The deposit's claim
 * is an ordinary payment claim: the books take its id, whoever verified it.
 */
describe.each(databaseKinds)('advances on %s', (_label, make) => {
  const opened = openedStore(make);
  let utr = 500000000000;
  /** A payment claim of `amountPaise`, as a deposit's would be; its id. */
  const claim = async (amountPaise: number) =>
    (await addClaim(opened.store, {
      utr: String(utr++),
      contact: 'studio-client@example.com',
      reference: 'MCK9ZZZZ12345678',
      amountPaise,
    })) ?? 0;
  const advance = (claimId: number, rest: Partial<AdvanceReceived> = {}): AdvanceReceived => ({
    claimId,
    reference: 'SB26113012AB',
    recipient: { name: 'Asha Rao', gstin: null, address: null },
    placeOfSupply: '27',
    supply: { sac: '999611', description: 'Sound recording services' },
    amountPaise: 590_000,
    ...rest,
  });

  it('issues a receipt voucher for a deposit, once, with the tax on the advance and the signatory', async () => {
    const { db } = opened.store;
    const claimId = await claim(590_000);
    const voucher = await db.write((tx) => issueReceiptVoucher(tx, advance(claimId), books));
    expect(voucher).toMatchObject({
      kind: 'receipt',
      number: `RV/${fy}/00001`,
      taxablePaise: 500_000,
      cgstPaise: 45_000,
      sgstPaise: 45_000,
      igstPaise: 0,
      totalPaise: 590_000,
    });
    // The same payment again (a retried verification): the same voucher, no second number.
    expect(await db.write((tx) => issueReceiptVoucher(tx, advance(claimId), books))).toEqual(voucher);
    const text = pdfText(await voucherPdf(voucher, undefined, undefined));
    console.log(`vouchers.test (${_label}): a receipt voucher as received:\n${text}`);
    for (const line of [
      'Receipt voucher',
      `Voucher number: RV/${fy}/00001`,
      'GSTIN: 27AAPFU0939F1ZV',
      'Place of supply: 27-Maharashtra',
      'SAC 999611: Sound recording services',
      'Advance for booking SB26113012AB',
      'Taxable value: ₹5,000.00',
      'CGST 9%: ₹450.00',
      'SGST 9%: ₹450.00',
      'Amount received: ₹5,900.00',
      'In words: Five Thousand Nine Hundred Rupees Only',
    ])
      expect(text).toContain(line);
    expect(text).toMatch(/For One11 Studios LLP\s+Authorised signatory/);
  });

  it("gives a business's deposit across states IGST and prints its GSTIN", async () => {
    const { db } = opened.store;
    const business = advance(await claim(1_180_000), {
      recipient: { name: 'Raga Records Pvt Ltd', gstin: label, address: '12 MG Road, Bengaluru 560001' },
      reference: 'SB26113015CD',
      placeOfSupply: '29',
      amountPaise: 1_180_000,
    });
    const voucher = await db.write((tx) => issueReceiptVoucher(tx, business, books));
    expect(voucher).toMatchObject({ number: `RV/${fy}/00002`, taxablePaise: 1_000_000, igstPaise: 180_000 });
    const text = pdfText(await voucherPdf(voucher, undefined, undefined));
    for (const line of [
      'Raga Records Pvt Ltd',
      '12 MG Road, Bengaluru 560001',
      `GSTIN: ${label}`,
      'IGST 18%: ₹1,800.00',
    ])
      expect(text).toContain(line);
    expect(text).toContain('Place of supply: 29-Karnataka');
  });

  it('returns part of a deposit with a refund voucher against its receipt voucher, never more than it holds', async () => {
    const { db } = opened.store;
    const [receipt] = await vouchersOfReference(db, 'SB26113012AB');
    if (!receipt) throw new Error('the first test issues the receipt voucher');
    const refund = await db.write((tx) =>
      issueRefundVoucher(tx, { receiptId: receipt.id, amountPaise: 236_000, reason: 'Booking moved to fewer hours' }),
    );
    expect(refund).toMatchObject({
      kind: 'refund',
      number: `RFV/${fy}/00001`,
      receiptId: receipt.id,
      taxablePaise: 200_000,
      cgstPaise: 18_000,
      sgstPaise: 18_000,
      totalPaise: 236_000,
    });
    const text = pdfText(await voucherPdf(refund, receipt, undefined));
    for (const line of [
      'Refund voucher',
      `Against receipt voucher RV/${fy}/00001 of`,
      'Reason: Booking moved to fewer hours',
      'Amount refunded: ₹2,360.00',
    ])
      expect(text).toContain(line);
    // ₹5,900 received, ₹2,360 returned: at most ₹3,540 more.
    await expect(
      db.write((tx) => issueRefundVoucher(tx, { receiptId: receipt.id, amountPaise: 354_001, reason: 'x' })),
    ).rejects.toThrow('A refund of this advance is at most ₹3540.00.');
    // Issued vouchers are never changed.
    await expect(
      db.write((tx) => tx.query('UPDATE vouchers SET total_paise = 1 WHERE id = $1', [refund.id])),
    ).rejects.toThrow(/never changed or deleted/);
    expect((await getVoucher(db, refund.id))?.totalPaise).toBe(236_000);
  });

  it("puts the month's advances in the accountant's at and atadj sheets", async () => {
    const advances = await monthAdvances(opened.store.db, month);
    expect(advances.map((a) => a.number)).toEqual([`RFV/${fy}/00001`, `RV/${fy}/00001`, `RV/${fy}/00002`]);
    const sheets = gstr1Sheets([], advances);
    const rows = (name: string) => (sheets[name] ?? '').split('\r\n').slice(1, -1);
    // Received: ₹5,000 in Maharashtra, ₹10,000 from the Karnataka label, before tax.
    expect(rows('at.csv')).toEqual(['27-Maharashtra,,18,5000.00,0.00', '29-Karnataka,,18,10000.00,0.00']);
    // Returned before any invoice: ₹2,000 before tax.
    expect(rows('atadj.csv')).toEqual(['27-Maharashtra,,18,2000.00,0.00']);
    expect(rows('docs.csv')).toEqual([
      `Refund voucher,RFV/${fy}/00001,RFV/${fy}/00001,1,0`,
      `Receipt voucher,RV/${fy}/00001,RV/${fy}/00002,2,0`,
    ]);
  });

  it("gives staff each voucher's PDF and the month's zip with its advances", async () => {
    const { store } = opened;
    await store.addStaff('meera', await testHash('correct horse battery staple'));
    const app = serviceApp(store, { rateLimitPerMinute: 100_000, books });
    const cookie = await signIn(app, 'meera', 'correct horse battery staple');
    const refund = (await vouchersOfReference(store.db, 'SB26113012AB')).find((v) => v.kind === 'refund');
    const res = await app.request(`/api/books/vouchers/${refund?.id}/pdf`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(pdfText(new Uint8Array(await res.arrayBuffer()))).toContain(`Against receipt voucher RV/${fy}/00001`);
    expect((await app.request('/api/books/vouchers/999999/pdf', { headers: { Cookie: cookie } })).status).toBe(404);
    expect((await app.request(`/api/books/vouchers/${refund?.id}/pdf`)).status).toBe(401);
    const zip = await app.request(`/api/books/gstr1.zip?month=${month}`, { headers: { Cookie: cookie } });
    const at = strFromU8(unzipSync(new Uint8Array(await zip.arrayBuffer()))['at.csv'] ?? new Uint8Array());
    expect(at.split('\r\n').slice(1, -1)).toEqual([
      '27-Maharashtra,,18,5000.00,0.00',
      '29-Karnataka,,18,10000.00,0.00',
    ]);
  });
});
