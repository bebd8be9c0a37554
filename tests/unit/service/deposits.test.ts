/** @jest-environment node */
/**
 * A studio booking's deposit through the claim flow, on each store: held, claimed with the booking's
 * reference, verified by staff's button or a bank statement's match: the booking is confirmed and the
 * deposit gets one receipt voucher (never an invoice), split by where the supply is; a deposit for a
 * booking that lapsed is not confirmed, and is money to return.
 */
import ICAL from 'ical.js';
import { financialYear } from '@/lib/books/tax';
import type { BookingStudio } from '@/lib/bookings/studio';
import { getStudio } from '@/lib/studio';
import { bookingMessage } from '@/server/bookings/booking-mail';
import { holdBooking, lapseHolds, type NewBooking } from '@/server/bookings/bookings-store';
import { OutboxWorker } from '@/server/platform/outbox';
import { vouchersOfReference } from '@/server/books/vouchers-store';
import { addClaim, reviewClaim, verifyPendingClaims } from '@/server/payments/claims-store';
import type { Store } from '@/server/store/store';
import { gstStudio as books } from './gst-studio';
import { pdfText } from './pdf';
import { databaseKinds, openedStore } from './test-stores';

jest.setTimeout(120_000);

const fy = financialYear(new Date());
const HOUR = 3_600_000;

/** A booking of 3 hours, `daysAhead` days from now, in its own room; ₹11,800 with GST, ₹5,900 deposit. */
const newBooking = (n: number, extra: Partial<NewBooking> = {}): NewBooking => {
  const startsAt = new Date(Math.floor(Date.now() / HOUR) * HOUR + (10 + n) * 24 * HOUR);
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

/** The studio's booking content as the mail reads it: room-n and engineer-n; engineer 1 has an e-mail. */
const bookingStudio: BookingStudio = {
  services: [{ id: 'recording', name: 'Recording', sac: '999611' }],
  rooms: [1, 2, 3, 4, 5].map((n) => ({ id: `room-${n}`, name: `Room ${n}`, hourPaise: 100000, dayPaise: 800000 })),
  engineers: [1, 2, 3, 4, 5].map((n) => ({
    id: `engineer-${n}`,
    name: `Engineer ${n}`,
    hourPaise: 50000,
    dayPaise: 400000,
    rooms: [`room-${n}`],
    ...(n === 1 ? { email: 'engineer1@example.com' } : {}),
    hours: Array(7).fill({ open: 8 * 60, close: 22 * 60 }),
  })),
  hours: Array(7).fill({ open: 8 * 60, close: 22 * 60 }),
};

/** The event of an invitation, read back with ical.js (its India zone registered from the file itself). */
function eventOf(content: string) {
  const cal = new ICAL.Component(ICAL.parse(content));
  for (const zone of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const event = cal.getFirstSubcomponent('vevent');
  if (!event) throw new Error('no event');
  const time = (name: string) => event.getFirstPropertyValue(name) as ICAL.Time;
  return {
    method: cal.getFirstPropertyValue('method'),
    start: time('dtstart').toJSDate().toISOString(),
    end: time('dtend').toJSDate().toISOString(),
    zone: time('dtstart').zone?.tzid,
    location: String(event.getFirstPropertyValue('location')),
    attendee: String(event.getFirstPropertyValue('attendee')),
  };
}

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
    await OutboxWorker.setEnabled(store.db, false, true);
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

    // The client's confirmation and the engineer's invitation, queued once with the confirmation.
    const [booking] = await store.db.query<{ id: number; starts_at: string; ends_at: string }>(
      'SELECT id, starts_at, ends_at FROM bookings WHERE reference = $1',
      [reference],
    );
    const rows = await store.db.query<{ id: number; source: string; to_address: string | null }>(
      `SELECT id, source, to_address FROM outbox WHERE source LIKE 'reg-booking-%' AND ref_id = $1 ORDER BY id`,
      [booking?.id],
    );
    expect(rows.map((r) => [r.source, r.to_address])).toEqual([
      ['reg-booking-confirmed', booking && 'client1@example.com'],
      ['reg-booking-engineer', null],
    ]);
    const mailOpts = {
      db: store.db,
      studio: getStudio(),
      siteUrl: 'https://studio.example',
      from: 'One11 Studios <team@studio.example>',
      bookings: async () => bookingStudio,
    };
    const item = (r: (typeof rows)[number]) => ({
      id: r.id,
      source: r.source,
      refId: Number(booking?.id),
      attempts: 1,
      ...(r.to_address ? { toAddress: r.to_address } : {}),
    });
    const [clientRow, engineerRow] = rows;
    if (!clientRow || !engineerRow || !booking) throw new Error('no rows');
    const mail = await bookingMessage(mailOpts, item(clientRow), new Date());
    expect(mail.to).toBe('client1@example.com');
    expect(mail.text).toContain('Room 1');
    expect(mail.text).toContain('Engineer 1');
    expect(mail.text).toContain(`Receipt voucher: ${voucher?.number} (attached)`);
    const [pdf, ...others] = mail.attachments ?? [];
    expect(others).toEqual([]);
    expect(pdf?.contentType).toBe('application/pdf');
    const pdfWords = pdfText(new Uint8Array(pdf?.content ?? []));
    expect(pdfWords).toContain('Receipt voucher');
    expect(pdfWords).toContain(`Advance for booking ${reference}`);
    expect(pdfWords).toContain('Amount received: ₹5,900.00');
    const event = eventOf(mail.icalEvent?.content ?? '');
    expect(event).toMatchObject({
      method: 'REQUEST',
      zone: 'Asia/Kolkata',
      start: new Date(booking.starts_at).toISOString(),
      end: new Date(booking.ends_at).toISOString(),
      attendee: 'mailto:client1@example.com',
    });
    expect(event.location).toContain(getStudio().address.street);
    console.log(
      `deposits.test (${_label}): the client's confirmation as sent:\n${mail.text}\n${mail.icalEvent?.content}`,
    );
    const engineerMail = await bookingMessage(mailOpts, item(engineerRow), new Date());
    expect(engineerMail.to).toBe('engineer1@example.com');
    expect(engineerMail.attachments).toBeUndefined();
    expect(eventOf(engineerMail.icalEvent?.content ?? '')).toMatchObject({ attendee: 'mailto:engineer1@example.com' });
    // Verified again: no second confirmation.
    const again = await store.db.query(`SELECT id FROM outbox WHERE source LIKE 'reg-booking-%' AND ref_id = $1`, [
      booking.id,
    ]);
    expect(again).toHaveLength(2);
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
