/** @jest-environment node */
/**
 * A studio booking's deposit through the claim flow, on each store: held, claimed with the booking's
 * reference, verified by staff's button or a bank statement's match: the booking is confirmed and the
 * deposit gets one receipt voucher (never an invoice), split by where the supply is; a deposit for a
 * booking that lapsed is not confirmed, and is money to return.
 */
import { financialYear } from '@/lib/books/tax';
import { holdBooking, lapseHolds, type NewBooking } from '@/server/bookings/bookings-store';
import { vouchersOfReference } from '@/server/books/vouchers-store';
import { addClaim, reviewClaim, verifyPendingClaims } from '@/server/payments/claims-store';
import type { Store } from '@/server/store/store';
import { gstStudio as books } from './gst-studio';
import { databaseKinds, openedStore } from './test-stores';

jest.setTimeout(120_000);

const fy = financialYear(new Date());
const HOUR = 3_600_000;

/** A booking of 3 hours, `daysAhead` days from now, in its own room; ₹11,800 with GST, ₹5,900 deposit. */
const newBooking = (n: number, extra: Partial<NewBooking> = {}): NewBooking => {
  const startsAt = new Date(Date.now() + (10 + n) * 24 * HOUR);
  return {
    service: 'recording',
    sac: '999611',
    room: `room-${n}`,
    engineer: `engineer-${n}`,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 3 * HOUR),
    blocksUntil: new Date(startsAt.getTime() + 4 * HOUR),
    hours: 3,
    pricePaise: 1_000_000,
    gstPaise: 180_000,
    totalPaise: 1_180_000,
    depositPaise: 590_000,
    name: 'Asha Rao',
    email: `client${n}@example.com`,
    phone: '9876543210',
    holdUntil: new Date(Date.now() + 24 * HOUR),
    ...extra,
  };
};

const statusOf = async (store: Store, reference: string) =>
  (await store.db.query<{ status: string }>('SELECT status FROM bookings WHERE reference = $1', [reference]))[0]
    ?.status;

describe.each(databaseKinds)('booking deposits on %s', (_label, make) => {
  const opened = openedStore(make);
  let utr = 700000000000;
  let n = 0;
  const hold = async (extra: Partial<NewBooking> = {}) => {
    const held = await holdBooking(opened.store.db, newBooking(++n, extra), new Date());
    if (held.kind !== 'held') throw new Error('the test booking was refused');
    return held.reference;
  };
  const claim = async (reference: string, amountPaise: number) =>
    (await addClaim(opened.store, { utr: String(utr++), contact: 'client@example.com', reference, amountPaise })) ?? 0;

  it("confirms a held booking when staff verify its deposit, with one receipt voucher within the studio's state", async () => {
    const { store } = opened;
    const reference = await hold();
    const claimId = await claim(reference, 590_000);
    const verified = await reviewClaim(store, claimId, 'verified', 'staff@example.com', books);
    expect(verified).toMatchObject({ kind: 'studio-booking', status: 'verified', reference });
    expect(await statusOf(store, reference)).toBe('confirmed');
    const [voucher, ...more] = await vouchersOfReference(store.db, reference);
    expect(more).toEqual([]);
    expect(voucher).toMatchObject({
      kind: 'receipt',
      number: expect.stringMatching(new RegExp(`^RV/${fy}/\\d{5}$`)),
      claimId,
      recipientName: 'Asha Rao',
      recipientGstin: null,
      placeOfSupply: '27',
      sac: '999611',
      taxablePaise: 500_000,
      cgstPaise: 45_000,
      sgstPaise: 45_000,
      igstPaise: 0,
      totalPaise: 590_000,
    });
    // No invoice for an advance.
    const invoices = await store.db.query('SELECT id FROM invoices WHERE claim_id = $1', [claimId]);
    expect(invoices).toEqual([]);
    // Verified again (a second click, a retried request): still one voucher, still confirmed.
    await reviewClaim(store, claimId, 'verified', 'other@example.com', books);
    expect(await vouchersOfReference(store.db, reference)).toEqual([voucher]);
    expect(await statusOf(store, reference)).toBe('confirmed');
  });

  it("charges IGST on a business's deposit from another state, verified from a bank statement", async () => {
    const { store } = opened;
    const reference = await hold({
      business: { gstin: '29AAACR5055K1Z3', legalName: 'Raga Records Pvt Ltd', address: '1 MG Road, Bengaluru' },
    });
    const claimId = await claim(reference, 590_000);
    expect(await verifyPendingClaims(store, [claimId], 'staff@example.com', books)).toMatchObject({ verified: 1 });
    expect(await statusOf(store, reference)).toBe('confirmed');
    expect(await vouchersOfReference(store.db, reference)).toEqual([
      expect.objectContaining({
        recipientName: 'Raga Records Pvt Ltd',
        recipientGstin: '29AAACR5055K1Z3',
        recipientAddress: '1 MG Road, Bengaluru',
        placeOfSupply: '29',
        taxablePaise: 500_000,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 90_000,
        totalPaise: 590_000,
      }),
    ]);
    // The statement confirmed twice (two staff at once): nothing more.
    expect(await verifyPendingClaims(store, [claimId], 'other@example.com', books)).toMatchObject({
      verified: 0,
      alreadyVerified: 1,
    });
    expect(await vouchersOfReference(store.db, reference)).toHaveLength(1);
  });

  it('waits for the rest of a short deposit, and confirms when it comes', async () => {
    const { store } = opened;
    const reference = await hold();
    const first = await claim(reference, 290_000);
    await reviewClaim(store, first, 'verified', 'staff@example.com', books);
    expect(await statusOf(store, reference)).toBe('held');
    const second = await claim(reference, 300_000);
    await reviewClaim(store, second, 'verified', 'staff@example.com', books);
    expect(await statusOf(store, reference)).toBe('confirmed');
    expect((await vouchersOfReference(store.db, reference)).map((v) => v.totalPaise)).toEqual([290_000, 300_000]);
  });

  it('does not confirm a booking that lapsed: its deposit is money to return, with no voucher', async () => {
    const { store } = opened;
    const reference = await hold({ holdUntil: new Date(Date.now() + 1000) });
    await lapseHolds(store.db, new Date(Date.now() + 2000));
    const claimId = await claim(reference, 590_000);
    const verified = await reviewClaim(store, claimId, 'verified', 'staff@example.com', books);
    expect(await statusOf(store, reference)).toBe('lapsed');
    expect(await vouchersOfReference(store.db, reference)).toEqual([]);
    expect(verified?.payment).toMatchObject({ duplicate: true, text: expect.stringContaining('return') });
  });
});
