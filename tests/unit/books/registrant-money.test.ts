import { creditOfRefund, registrantMoneyView } from '@/lib/books/refund';

const invoice = { id: 1, number: 'INV/26-27/00001' };
const paid = { receivedPaise: 11682, duePaise: 0, text: '₹116.82 received: paid in full' };
/** A view that says nothing and offers no request: each case names only what it shows. */
const silent = { payment: undefined, refund: undefined, creditNote: undefined, returned: undefined, canAsk: false };

describe("the money lines of a registrant's page", () => {
  it('shows a short payment as what was received and what is still due, with no invoice yet', () => {
    const view = registrantMoneyView({
      invoices: [],
      payment: { receivedPaise: 100, duePaise: 11582, text: '₹1.00 received, ₹115.82 still due' },
      refunds: [],
      refundClosed: 'Only a verified masterclass payment can be refunded from this page.',
    });
    expect(view).toEqual({
      ...silent,
      payment: '₹1.00 received, ₹115.82 still due. Your invoice is issued when the whole fee is received.',
    });
  });

  it('shows a declined request with its reason and offers no second request', () => {
    const view = registrantMoneyView({
      invoices: [invoice],
      payment: paid,
      refunds: [
        { status: 'declined', declineReason: 'Not grounds under the terms.', amountPaise: null, creditNote: null },
      ],
      refundClosed: null,
    });
    expect(view).toEqual({ ...silent, refund: 'Your refund request was declined: Not grounds under the terms.' });
  });

  it('says what staff returned of a duplicate payment, and still offers a request of the fee', () => {
    const view = registrantMoneyView({
      invoices: [invoice],
      payment: paid,
      refunds: [],
      returned: [{ amountPaise: 11682 }],
      refundClosed: null,
    });
    expect(view.returned).toBe('We returned ₹116.82 you paid twice; your invoice stands and your seat is kept.');
    expect(view.canAsk).toBe(true);
  });

  it('offers a request only while the terms allow and none was made', () => {
    const base = { invoices: [invoice], payment: paid, refunds: [] };
    expect(registrantMoneyView({ ...base, refundClosed: null }).canAsk).toBe(true);
    expect(registrantMoneyView({ ...base, refundClosed: 'A refund is asked for after attending.' }).canAsk).toBe(false);
  });

  it('tells of a refund of a duplicate payment, which has no credit note', () => {
    const view = registrantMoneyView({
      invoices: [invoice],
      payment: paid,
      refunds: [{ status: 'refunded', declineReason: null, amountPaise: 11682, creditNote: null }],
      refundClosed: null,
    });
    expect(view.refund).toBe('Refunded ₹116.82: a payment beyond the fee, so your invoice stands.');
    expect(view.creditNote).toBeUndefined();
  });

  it("tells of a refund with a credit note, and offers the note's PDF by its id", () => {
    const refunded = {
      status: 'refunded' as const,
      declineReason: null,
      amountPaise: 5000,
      creditNote: 'INVC/26-27/00001',
    };
    const view = registrantMoneyView({
      invoices: [invoice],
      payment: paid,
      refunds: [{ ...refunded, creditNoteId: 7 }],
      refundClosed: 'Your refund is made: its credit note is on your page to download, and in our e-mail.',
    });
    expect(view).toEqual({
      payment: undefined,
      refund: 'Refunded ₹50.00: credit note INVC/26-27/00001 is issued. Download it here; we e-mailed it to you too.',
      creditNote: { id: 7, number: 'INVC/26-27/00001' },
      canAsk: false,
    });
    // A service that names no id: the note is told, not offered.
    const unnamed = registrantMoneyView({
      invoices: [invoice],
      payment: paid,
      refunds: [refunded],
      refundClosed: null,
    });
    expect(unnamed.creditNote).toBeUndefined();
  });
});

describe('the credit a refund takes back', () => {
  const paidOnce = { receivedPaise: 11682, refundedPaise: 0, invoicePaise: 11682, creditedPaise: 0 };
  it.each([
    ['part of a single payment', { ...paidOnce, amountPaise: 5000 }, 5000],
    ['all of a single payment', { ...paidOnce, amountPaise: 11682 }, 11682],
    ['part of a duplicate payment', { ...paidOnce, receivedPaise: 23364, amountPaise: 7788 }, 0],
    ['a duplicate and part of the price', { ...paidOnce, receivedPaise: 23364, amountPaise: 13682 }, 2000],
    ['everything received twice over', { ...paidOnce, receivedPaise: 23364, amountPaise: 23364 }, 11682],
    [
      'the rest after a part credited',
      { ...paidOnce, refundedPaise: 5000, creditedPaise: 5000, amountPaise: 6682 },
      6682,
    ],
  ])('%s', (_what, money, credit) => {
    expect(creditOfRefund(money)).toBe(credit);
  });
});
