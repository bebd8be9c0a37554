import { type APIRequestContext, request } from '@playwright/test';
import type { Availability, BookingHeld, HeldBooking } from '../../lib/bookings/booking-contract';
import { axeViolations } from './axe';
import { expect, test } from './fixtures';
import { androidPhone } from './payment-helpers';
import { e2eStaff } from './staff';

/**
 * A studio booking's deposit on a phone, against the real service: held through the bookings API,
 * paid from /book/deposit (the deposit's amount and reference in its UPI link), claimed with the UTR,
 * verified by staff: the booking is confirmed.
 */
test.use(androidPhone);

/** A free start for Studio B with Meera, on the last day that has one (the service's own list). */
async function freeTime(api: APIRequestContext) {
  const from = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
  const answer = await api.get(`/api/bookings/availability?from=${from}&days=28`);
  expect(answer.status()).toBe(200);
  const { days } = (await answer.json()) as Availability;
  const day = days.filter((d) => (d.rooms['studio-b'] ?? []).some((s) => d.engineers.meera?.includes(s))).at(-1);
  const start = day?.rooms['studio-b']?.filter((s) => day.engineers.meera?.includes(s)).at(0);
  if (!day || !start) throw new Error('No free start for Studio B in the coming weeks');
  return { date: day.date, start };
}

test('a held booking’s deposit, paid and claimed from its page at 375 px, confirms it once staff verify', async ({
  page,
  baseURL,
}) => {
  const site = baseURL ?? '';
  const api = await request.newContext({ baseURL: site, extraHTTPHeaders: { Origin: site } });
  const utr = String(Date.now()).slice(-12).padStart(12, '7');
  try {
    const time = await freeTime(api);
    const booked = await api.post('/api/bookings', {
      data: {
        service: 'mixing',
        room: 'studio-b',
        engineer: 'meera',
        ...time,
        hours: '3',
        name: 'Asha Rao',
        email: `deposit.${utr}@example.com`,
        phone: '9876543210',
      },
    });
    expect(booked.status()).toBe(201);
    const held = (await booked.json()) as BookingHeld;

    // From the held booking's page, as the client comes to it after booking.
    await page.goto(`/book/held?reference=${held.reference}`);
    await page.getByRole('link', { name: 'Pay the deposit and send your UTR' }).click();
    await expect(page).toHaveURL(new RegExp(`/book/deposit\\?reference=${held.reference}$`));
    await expect(page.getByText(`: booking ${held.reference}`)).toBeVisible();
    const link =
      (await page
        .getByRole('link', { name: /UPI app/i })
        .first()
        .getAttribute('href')) ?? '';
    expect(link).toMatch(/^upi:\/\/pay\?/);
    expect(new URL(link).searchParams.get('am')).toBe((held.depositPaise / 100).toFixed(2));
    expect(new URL(link).searchParams.get('tr')).toBe(held.reference);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByLabel('UPI transaction number (UTR)').fill(utr);
    await page.getByLabel('Phone or e-mail you registered with').fill(`deposit.${utr}@example.com`);
    await page.getByRole('button', { name: 'Send payment details' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'will verify them' })).toBeVisible();

    expect((await api.post('/api/auth/login', { data: e2eStaff })).status()).toBe(200);
    const { claims } = (await (await api.get('/api/payments/claims')).json()) as {
      claims: Array<{ id: number; utr: string; reference: string; amountPaise: number }>;
    };
    const claim = claims.find((c) => c.utr === utr);
    expect(claim).toMatchObject({ reference: held.reference, amountPaise: held.depositPaise });
    expect((await api.patch(`/api/payments/claims/${claim?.id}`, { data: { status: 'verified' } })).status()).toBe(200);
    const facts = (await (await api.get(`/api/bookings/held/${held.reference}`)).json()) as HeldBooking;
    expect(facts.status).toBe('confirmed');
    await page.reload();
    await expect(page.getByText('This booking is confirmed: its deposit is received.')).toBeVisible();
  } finally {
    await api.dispose();
  }
});
