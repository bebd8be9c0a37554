/** @jest-environment node */
import { financialYear, seriesFloor } from '@/lib/books/tax';
import { refundMessage } from '@/server/books/books-mail';
import { getInvoice, invoicesOfRegistration, monthBooks } from '@/server/books/books-store';
import {
  completeRefund,
  declineRefund,
  refundDuplicate,
  refundsOfRegistration,
  requestRefund,
} from '@/server/books/refunds-store';
import {
  addClaim,
  getClaim,
  paymentOfRegistration,
  reviewClaim,
  verifyPendingClaims,
} from '@/server/payments/claims-store';
import { keepIdsAboveRestores } from '@/server/sessions/sessions-store';
import { type DumpRecord, dumpDatabase, restoreDatabase } from '@/server/store/dump';
import { gstStudio } from './gst-studio';
import { addSubmission, databaseKinds, openedStore } from './test-stores';

jest.setTimeout(120_000);

const books = gstStudio;
const price = 11_682;
const label = 'Sat 6 Jun, 2:00pm (money)';

describe.each(databaseKinds)('money received and refunded on %s', (_kind, make) => {
  const opened = openedStore(make);
  let people = 0;
  let utrs = 0;

  beforeAll(async () => {
    await opened.store.db.write((tx) =>
      tx.query(
        `INSERT INTO class_sessions (kind, label, starts_at, duration_minutes, capacity)
         VALUES ('masterclass', $1, '2031-06-06 14:00+05:30', 120, 500)`,
        [label],
      ),
    );
  });

  /** A masterclass sign-up with a seat; resolves with its id and e-mail. */
  async function signUp(): Promise<{ id: number; email: string }> {
    people += 1;
    const email = `payer${people}@example.com`;
    const id = await addSubmission(opened.store, 'masterclass', {
      name: `Payer ${people}`,
      email,
      phone: `98765${String(people).padStart(5, '0')}`,
      city: 'Pune',
      level: 'Beginner',
      schedule: label,
    });
    return { id, email };
  }

  /** A claim of `amountPaise` from `email`; resolves with its id. */
  async function claim(email: string, amountPaise: number): Promise<number> {
    utrs += 1;
    const utr = String(400_000_000_000 + utrs);
    const id = await addClaim(opened.store, { utr, contact: email, reference: 'MCK9ZZZZ12345678', amountPaise });
    if (id === undefined) throw new Error('the claim was not stored');
    return id;
  }

  const verify = (id: number, staff = 'meera') => reviewClaim(opened.store, id, 'verified', staff, books);

  /** A registration paid in full and asking for a refund: the request's id. */
  async function paidAndAsking(): Promise<{ id: number; refundId: number }> {
    const reg = await signUp();
    await verify(await claim(reg.email, price));
    const [invoice] = await invoicesOfRegistration(opened.store.db, reg.id);
    const refundId = await requestRefund(opened.store.db, invoice?.id ?? 0, 'The session did not cover mixing.');
    if (refundId === undefined) throw new Error('the request was not stored');
    return { id: reg.id, refundId };
  }

  const seatCancelled = async (registrationId: number) => {
    const [row] = await opened.store.db.query<{ cancelled: boolean }>(
      'SELECT cancelled_at IS NOT NULL AS cancelled FROM session_seats WHERE registration_id = $1',
      [registrationId],
    );
    return row?.cancelled;
  };

  it('verifies a short payment for what came, invoices only the full price, and once', async () => {
    const reg = await signUp();
    await verify(await claim(reg.email, 100));
    expect(await invoicesOfRegistration(opened.store.db, reg.id)).toEqual([]);
    expect((await paymentOfRegistration(opened.store.db, reg.id, books))?.text).toBe(
      '₹1.00 received, ₹115.82 still due',
    );
    const rest = await claim(reg.email, price - 100);
    // Staff see the shortfall beside the claim before they verify the rest.
    expect((await getClaim(opened.store.db, rest, books))?.payment).toMatchObject({
      text: '₹1.00 received, ₹115.82 still due',
      invoice: null,
      duplicate: false,
    });
    await verify(rest);
    const [invoice, ...more] = await invoicesOfRegistration(opened.store.db, reg.id);
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({ totalPaise: price, paidPaise: price, claimId: rest });
    // A second payment of the whole price: staff are told it is a duplicate to refund; no second invoice.
    const again = await claim(reg.email, price);
    expect((await getClaim(opened.store.db, again, books))?.payment?.duplicate).toBe(true);
    const verified = await verify(again);
    expect(verified?.payment).toMatchObject({
      duplicate: true,
      invoice: invoice?.number,
      text: '₹233.64 received, ₹116.82 more than the price: a duplicate payment to refund',
    });
    expect(await invoicesOfRegistration(opened.store.db, reg.id)).toHaveLength(1);
  });

  it('holds one invoice per registration in the database, even when two staff verify at once', async () => {
    const reg = await signUp();
    const claims = [await claim(reg.email, price), await claim(reg.email, price)];
    await Promise.all(claims.map((id, i) => verify(id, i === 0 ? 'meera' : 'asha')));
    const [invoice, ...more] = await invoicesOfRegistration(opened.store.db, reg.id);
    expect(more).toEqual([]);
    // Not a check before an insert only: the database refuses a second live invoice.
    const other = claims.find((id) => id !== invoice?.claimId);
    await expect(
      opened.store.db.write((tx) =>
        tx.query(
          `INSERT INTO invoices (kind, number, series, fy, seq, claim_id, registration_id, recipient_name,
             place_of_supply, supplier, sac, description, rate_percent, taxable_paise, cgst_paise, sgst_paise,
             igst_paise, total_paise, paid_paise)
           SELECT kind, 'INV/99-00/00001', series, '99-00', 1, $2, registration_id, recipient_name, place_of_supply,
             supplier, sac, description, rate_percent, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise,
             paid_paise FROM invoices WHERE id = $1`,
          [invoice?.id, other],
        ),
      ),
    ).rejects.toThrow(/invoices_one_per_registration/);
  });

  it('refunds at most what was received; a part keeps the seat, all of it or staff’s choice releases it', async () => {
    const part = await paidAndAsking();
    const tooMuch = await completeRefund(opened.store.db, part.refundId, 'meera', {
      utr: 'UTRREF01',
      amountPaise: 20_000,
    });
    expect(tooMuch).toEqual({ ok: false, message: 'A refund is at most what was received, ₹116.82.' });
    const partial = await completeRefund(opened.store.db, part.refundId, 'meera', {
      utr: 'UTRREF01',
      amountPaise: 5_000,
    });
    expect(partial).toMatchObject({ ok: true, seatReleased: false, creditNote: { totalPaise: 5_000 } });
    expect(await seatCancelled(part.id)).toBe(false);
    const partMail = await refundMessage(
      opened.store.db,
      'reg-credit-note',
      partial.ok ? (partial.creditNote?.id ?? 0) : 0,
    );
    expect(partMail?.paragraphs.join(' ')).toContain('Your seat is kept: this was a partial refund');
    expect(partMail?.paragraphs.join(' ')).not.toContain('Your seat is released');

    const whole = await paidAndAsking();
    const full = await completeRefund(opened.store.db, whole.refundId, 'meera', {
      utr: 'UTRREF02',
      amountPaise: price,
    });
    expect(full).toMatchObject({ ok: true, seatReleased: true, creditNote: { totalPaise: price } });
    expect(await seatCancelled(whole.id)).toBe(true);
    const fullMail = await refundMessage(opened.store.db, 'reg-credit-note', full.ok ? (full.creditNote?.id ?? 0) : 0);
    expect(fullMail?.paragraphs.join(' ')).toContain('Your seat is released.');

    const chosen = await paidAndAsking();
    const released = await completeRefund(opened.store.db, chosen.refundId, 'meera', {
      utr: 'UTRREF03',
      amountPaise: 5_000,
      releaseSeat: true,
    });
    expect(released).toMatchObject({ ok: true, seatReleased: true });
    expect(await seatCancelled(chosen.id)).toBe(true);
  });

  it('refunds a duplicate payment before it credits the invoice: received less refunded stays invoiced less credited', async () => {
    const reg = await signUp();
    await verify(await claim(reg.email, price));
    await verify(await claim(reg.email, price));
    const [invoice] = await invoicesOfRegistration(opened.store.db, reg.id);
    const refundId = await requestRefund(opened.store.db, invoice?.id ?? 0, 'I paid twice.');
    // A third of what came: all of it from the duplicate, so the invoice's supply stands and nothing is credited.
    const part = await completeRefund(opened.store.db, refundId ?? 0, 'meera', { utr: 'UTRREF09', amountPaise: 7_788 });
    expect(part).toEqual({ ok: true, creditNote: null, seatReleased: false });
    expect(await seatCancelled(reg.id)).toBe(false);
  });

  it('returns a duplicate payment when staff record its refund: once, no credit note, the seat and the request kept', async () => {
    const reg = await signUp();
    const first = await claim(reg.email, price);
    await verify(first);
    const again = await claim(reg.email, price);
    await verify(again);
    // The first payment is the invoice's: it is not a duplicate to return.
    expect(await refundDuplicate(opened.store.db, first, 'meera', 'UTRDUP01')).toMatchObject({ ok: false });
    const [returned, twice] = await Promise.all([
      refundDuplicate(opened.store.db, again, 'meera', 'UTRDUP02'),
      refundDuplicate(opened.store.db, again, 'asha', 'UTRDUP03'),
    ]);
    expect([returned, twice].filter((r) => r.ok)).toEqual([
      { ok: true, refundId: expect.any(Number), amountPaise: price },
    ]);
    expect([returned, twice].find((r) => !r.ok)).toEqual({
      ok: false,
      message: 'This duplicate payment was refunded already.',
    });
    expect(await seatCancelled(reg.id)).toBe(false);
    expect((await getClaim(opened.store.db, again, books))?.payment).toMatchObject({
      duplicate: true,
      returnedPaise: price,
      text: '₹116.82 received: paid in full',
    });
    expect(await refundsOfRegistration(opened.store.db, reg.id, 'duplicates')).toMatchObject([
      { status: 'refunded', amountPaise: price, creditNote: null, claimId: again },
    ]);
    // The month's books list the duplicate no longer: what came beyond the invoice went back.
    const month = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 7);
    const differences = (await monthBooks(opened.store.db, month)).differences.map((d) => d.claimId);
    expect(differences).not.toContain(again);
    expect(differences).not.toContain(first);
    // The registrant may still ask for a refund of the fee: the returned duplicate is not their request.
    const [invoice] = await invoicesOfRegistration(opened.store.db, reg.id);
    expect(await refundsOfRegistration(opened.store.db, reg.id)).toEqual([]);
    expect(await requestRefund(opened.store.db, invoice?.id ?? 0, 'The session did not cover mixing.')).toEqual(
      expect.any(Number),
    );
  });

  it('credits only what a refund takes beyond a duplicate payment', async () => {
    const reg = await signUp();
    await verify(await claim(reg.email, price));
    await verify(await claim(reg.email, 1_000));
    const [invoice] = await invoicesOfRegistration(opened.store.db, reg.id);
    const refundId = await requestRefund(opened.store.db, invoice?.id ?? 0, 'The session did not cover mixing.');
    const part = await completeRefund(opened.store.db, refundId ?? 0, 'meera', { utr: 'UTRREF10', amountPaise: 6_000 });
    // ₹10.00 came beyond the price: ₹60.00 refunded credits ₹50.00 of the invoice.
    expect(part).toMatchObject({ ok: true, seatReleased: false, creditNote: { totalPaise: 5_000 } });
  });

  it('decides a refund request once: after a decline it is not asked again', async () => {
    const asked = await paidAndAsking();
    expect(await declineRefund(opened.store.db, asked.refundId, 'meera', 'Not grounds under the terms.')).toBe(true);
    const [invoice] = await invoicesOfRegistration(opened.store.db, asked.id);
    expect(await requestRefund(opened.store.db, invoice?.id ?? 0, 'Please reconsider.')).toBeUndefined();
    // The database holds it too.
    await expect(
      opened.store.db.write((tx) =>
        tx.query(`INSERT INTO refunds (invoice_id, reason) VALUES ($1, 'again')`, [invoice?.id]),
      ),
    ).rejects.toThrow(/refunds_one_per_invoice/);
  });

  it('tells the second of two staff verifying the same claims what the first did, keeping who reviewed them', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push(await claim((await signUp()).email, price));
    const [first, second] = await Promise.all([
      verifyPendingClaims(opened.store, ids, 'meera', books),
      verifyPendingClaims(opened.store, ids, 'asha', books),
    ]);
    expect((first?.verified ?? 0) + (second?.verified ?? 0)).toBe(10);
    expect(first?.alreadyVerified).toBe(10 - (first?.verified ?? 0));
    expect(second?.alreadyVerified).toBe(10 - (second?.verified ?? 0));
    const reviewers = await opened.store.db.query<{ reviewed_by: string; n: number }>(
      'SELECT reviewed_by, count(*)::int AS n FROM payment_claims WHERE id = ANY($1::int[]) GROUP BY reviewed_by',
      [ids],
    );
    const byReviewer = Object.fromEntries(reviewers.map((r) => [r.reviewed_by, Number(r.n)]));
    expect(byReviewer.meera ?? 0).toBe(first?.verified);
    expect(byReviewer.asha ?? 0).toBe(second?.verified);
    // A single review of a claim verified already leaves who reviewed it.
    const before = await getClaim(opened.store.db, ids[0] ?? 0);
    expect((await verify(ids[0] ?? 0, 'ravi'))?.reviewedBy).toBe(before?.reviewedBy);
    const invoices = await opened.store.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM invoices WHERE claim_id = ANY($1::int[])',
      [ids],
    );
    expect(Number(invoices[0]?.n)).toBe(10);
  });

  it('dates each invoice no earlier than the one numbered before it, under racing verifications', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await claim((await signUp()).email, price));
    await Promise.all(ids.map((id) => verify(id)));
    const rows = await opened.store.db.query<{ seq: number; at: string }>(
      `SELECT seq, to_char(issued_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS at FROM invoices
       WHERE claim_id = ANY($1::int[]) ORDER BY seq`,
      [ids],
    );
    expect(rows).toHaveLength(12);
    const dates = rows.map((r) => r.at);
    expect(dates).toEqual([...dates].sort());
  });

  it('never issues an invoice or credit-note number twice after a restore', async () => {
    const { store } = opened;
    const records: DumpRecord[] = [];
    await dumpDatabase(store.db, async (record) => {
      records.push(record);
    });
    // After the backup: X pays and gets a number, and a refund gets a credit note.
    const x = await paidAndAsking();
    const xRefund = await completeRefund(store.db, x.refundId, 'meera', { utr: 'UTRREF04', amountPaise: 1_000 });
    const [xInvoice] = await invoicesOfRegistration(store.db, x.id);
    // The backup is restored over the database, and the server starts on it.
    async function* replay() {
      yield* records;
    }
    await restoreDatabase(store.db, replay(), { replace: true });
    // As the restore command and the server's start do.
    expect(await keepIdsAboveRestores(store.db)).toBe(true);
    // Y pays and refunds after the restore: numbers above anything issued before it.
    const y = await paidAndAsking();
    const yRefund = await completeRefund(store.db, y.refundId, 'meera', { utr: 'UTRREF05', amountPaise: 1_000 });
    const [yInvoice] = await invoicesOfRegistration(store.db, y.id);
    expect(yInvoice?.number).not.toBe(xInvoice?.number);
    const floor = seriesFloor(new Date(), financialYear(new Date()));
    expect(yInvoice?.seq).toBeGreaterThanOrEqual(floor - 1);
    expect(yInvoice?.seq).toBeGreaterThan(xInvoice?.seq ?? 0);
    expect(yRefund.ok && xRefund.ok && (yRefund.creditNote?.seq ?? 0) > (xRefund.creditNote?.seq ?? 0)).toBe(true);
    expect((await getInvoice(store.db, yInvoice?.id ?? 0))?.number).toMatch(/^INV\/\d\d-\d\d\/\d{5}$/);
    console.log(`money.test: after a restore X had ${xInvoice?.number}, Y got ${yInvoice?.number}`);
  });

  it('never issues a number twice when a backup taken after a restore is restored minutes later', async () => {
    const { store } = opened;
    // The time-based floor of both restores is the same (a tenth of an hour): only what the
    // replaced database had issued keeps the second restore's numbers new.
    const backup = async () => {
      const records: DumpRecord[] = [];
      await dumpDatabase(store.db, async (record) => {
        records.push(record);
      });
      return async function* () {
        yield* records;
      };
    };
    await restoreDatabase(store.db, (await backup())(), { replace: true });
    await keepIdsAboveRestores(store.db);
    const taken = await backup();
    const x = await paidAndAsking();
    const [xInvoice] = await invoicesOfRegistration(store.db, x.id);
    const xCredit = await completeRefund(store.db, x.refundId, 'meera', { utr: 'UTRREF06', amountPaise: 1_000 });
    await restoreDatabase(store.db, taken(), { replace: true });
    await keepIdsAboveRestores(store.db);
    const y = await paidAndAsking();
    const [yInvoice] = await invoicesOfRegistration(store.db, y.id);
    const yCredit = await completeRefund(store.db, y.refundId, 'meera', { utr: 'UTRREF07', amountPaise: 1_000 });
    expect(y.id).toBeGreaterThan(x.id);
    expect(yInvoice?.seq).toBeGreaterThan(xInvoice?.seq ?? Infinity);
    expect(yCredit.ok && xCredit.ok && (yCredit.creditNote?.seq ?? 0) > (xCredit.creditNote?.seq ?? Infinity)).toBe(
      true,
    );
  });
});
