import type { APIRequestContext, Page } from '@playwright/test';
import type { Availability } from '../../lib/bookings/booking-contract';
import { axeViolations } from './axe';
import { desktopAndPhone, expect, test } from './fixtures';

/**
 * Booking studio time on a phone, against the real service (nothing intercepted): from /book to
 * the held booking's deposit; a time taken by someone else meanwhile; bad input answered beside
 * its field; and the same form without JavaScript, posted by the browser itself.
 */
const [, phone] = desktopAndPhone;
test.use({ viewport: phone });

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** The last free start for `room` with any of its engineers, on the last day that has one (the service's own list). */
async function lastFreeTime(request: APIRequestContext, room: string) {
  const from = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
  const answer = await request.get(`/api/bookings/availability?from=${from}&days=28`);
  expect(answer.status()).toBe(200);
  const { days, engineers } = (await answer.json()) as Availability;
  const staffed = engineers.filter((e) => e.rooms.includes(room));
  const free = days.flatMap((day) => {
    const starts = (day.rooms[room] ?? []).filter((s) => staffed.some((e) => day.engineers[e.id]?.includes(s)));
    return starts.length > 0 ? [{ date: day.date, starts }] : [];
  });
  const day = free.at(-1);
  if (!day) throw new Error(`No free start for ${room} in the coming weeks`);
  return { date: day.date, start: day.starts.at(-1) as string };
}

/**
 * The form on /book, live, with a room and an engineer chosen and a free start of its first day.
 * Each test books apart from the others running beside it: Rohan in Studio A, Meera in Studio B.
 */
async function pickTime(page: Page, room: 'studio-a' | 'studio-b') {
  // The page's clock, so that the form's least fill time (against bots) can pass at once.
  await page.clock.install();
  await page.goto('/book');
  const form = page.locator('form[data-form="booking"]');
  await form.getByLabel('Service').selectOption('recording');
  await form.getByLabel('Room').selectOption(room);
  await form.getByLabel('Engineer').selectOption(room === 'studio-a' ? 'any' : 'meera');
  const day = form.getByLabel('Day');
  await expect(day.locator('option').nth(1)).toBeAttached();
  await day.selectOption((await day.locator('option').nth(1).getAttribute('value')) as string);
  const start = form.getByLabel('Start');
  await start.selectOption((await start.locator('option').nth(1).getAttribute('value')) as string);
  return form;
}

/** Sends the booking once the form's least fill time has passed, as a person's typing would take. */
async function hold(page: Page) {
  await page.clock.fastForward(4000);
  await page.getByRole('button', { name: 'Hold this time' }).click();
}

async function fillPerson(page: Page, email: string) {
  const form = page.locator('form[data-form="booking"]');
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Asha Rao');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('9876543210');
  return form;
}

test('a free start, sent, is held: the held page shows the deposit and its deadline', async ({ page }) => {
  const form = await pickTime(page, 'studio-a');
  await expect(form.getByRole('region', { name: 'Price' })).toContainText(/Deposit to pay now \(50%\)₹[\d,]+/);
  await fillPerson(page, `book.${unique()}@example.com`);
  await hold(page);
  await expect(page).toHaveURL(/\/book\/held\?reference=[A-Za-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your Time Is Held');
  await expect(page.getByText('Deposit to pay')).toBeVisible();
  await expect(page.getByText('Studio A (live room and control room)')).toBeVisible();
  await expect(page.getByText(/Pay the deposit of ₹[\d,.]+ by UPI before .+ IST/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Or open a UPI app now' })).toHaveAttribute('href', /^upi:\/\/pay\?/);
  await expect(page.getByRole('link', { name: 'Pay the deposit and send your UTR' })).toHaveAttribute(
    'href',
    /^\/book\/deposit\?reference=SB[A-Z0-9]{8}$/,
  );
  expect(await axeViolations(page)).toEqual([]);
});

test('a time taken meanwhile: its message and the day’s free starts now, everything typed kept', async ({
  page,
  request,
}) => {
  const form = await pickTime(page, 'studio-b');
  const date = await form.getByLabel('Day').inputValue();
  const start = await form.getByLabel('Start').inputValue();
  await fillPerson(page, `taken.${unique()}@example.com`);
  // Someone else books that time first.
  const first = await request.post('/api/bookings', {
    data: {
      service: 'mixing',
      room: 'studio-b',
      engineer: 'meera',
      date,
      start,
      hours: (await form.getByLabel('Hours').inputValue()) as string,
      name: 'Ravi Kumar',
      email: `first.${unique()}@example.com`,
      phone: '9123456780',
    },
  });
  expect(first.status()).toBe(201);
  await hold(page);
  const startField = form.getByLabel('Start');
  await expect(startField).toHaveAccessibleDescription(/./);
  await expect(startField).toHaveValue('');
  await expect(startField.locator(`option[value="${start}"]`)).toHaveCount(0);
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Asha Rao');
  await expect(form.getByLabel('Day')).toHaveValue(date);
  await expect(page).toHaveURL(/\/book$/);
  expect(await axeViolations(page)).toEqual([]);
});

test('bad input gets its message beside its field, nothing lost', async ({ page }) => {
  const form = await pickTime(page, 'studio-a');
  await fillPerson(page, 'not-an-email');
  await form.getByLabel('Phone').fill('98765');
  await hold(page);
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Valid email required');
  await expect(form.getByLabel('Phone')).toHaveAccessibleDescription(/10 digits.*Enter a valid 10-digit phone number/);
  // A GSTIN of the right shape with a wrong check character: the books' check, on the page.
  await form.getByLabel('Email').fill(`gstin.${unique()}@example.com`);
  await form.getByLabel('Phone').fill('9876543210');
  await form.getByLabel('GSTIN').fill('27aapfu0939f1zx');
  await form.getByLabel('Legal name of the business').fill('Blue Label LLP');
  await form.getByLabel('Address of the business').fill('12 Hill Road, Mumbai 400050');
  await hold(page);
  await expect(form.getByLabel('GSTIN')).toHaveAccessibleDescription(/The GSTIN has a wrong check character/);
  await expect(form.getByLabel('GSTIN')).toHaveValue('27AAPFU0939F1ZX');
  await expect(form.getByLabel('Legal name of the business')).toHaveValue('Blue Label LLP');
  await expect(page).toHaveURL(/\/book$/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts itself: a day in the past comes back with its message, then the time is held', async ({
    page,
    request,
  }) => {
    const { date, start } = await lastFreeTime(request, 'studio-a');
    await page.goto('/book');
    await expect(page.getByText(/Free times show here with JavaScript on/)).toBeVisible();
    const form = page.locator('form[data-form="booking"]');
    await expect(form).toHaveAttribute('method', 'post');
    await expect(form).toHaveAttribute('action', '/api/bookings');
    await form.getByLabel('Service').selectOption('recording');
    await form.getByLabel('Room').selectOption('studio-a');
    await form.getByLabel('Day').fill('2020-01-06');
    await form.getByLabel('Start').selectOption(start);
    const email = `nojs.${unique()}@example.com`;
    await fillPerson(page, email);
    await form.getByRole('button', { name: 'Hold this time' }).click();
    await page.waitForLoadState('domcontentloaded');
    const again = page.locator('form[data-form="booking"]');
    await expect(again.getByLabel('Start')).toHaveAccessibleDescription(/That time has passed/);
    await expect(again.getByLabel('Day')).toHaveValue('2020-01-06');
    await expect(again.getByLabel('Email')).toHaveValue(email);
    await expect(again.getByLabel('Start')).toHaveValue(start);
    expect(page.url()).not.toContain('nojs.');

    await again.getByLabel('Day').fill(date);
    await again.getByRole('button', { name: 'Hold this time' }).click();
    await expect(page).toHaveURL(/\/book\/held\?reference=[A-Za-z0-9-]+$/);
    await expect(page.getByText(/with your booking reference/)).toBeVisible();
  });
});
