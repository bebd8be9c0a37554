/**
 * The staff tables on a phone (375 px) and a desktop (1280 px), as staff use them: a session with a
 * registrant who claimed a payment, then the Sessions table, its roster, the Payments view and the
 * Masterclass table. On the phone each row reads as a card: every cell inside the screen, nothing
 * on top of a cell or an action button, no sideways scroll of the page; on both, axe finds nothing.
 */
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { sessionLabel } from '../../lib/sessions/session';
import { axeViolations } from './axe';
import { desktopAndPhone, expect, test } from './fixtures';
import { claimPayment, indiaLocal, withJourneyServer } from './journey-helpers';
import { dashboardBase, signIn } from './staff';

const shots = process.env.STAFF_SHOTS;
// A server of its own: the sessions added here would otherwise be the next session other tests' sign-ups get.
test.describe.configure({ mode: 'default' });
withJourneyServer(20);
const minute = 60_000;
const day = 24 * 60 * minute;

/**
 * Checks a row as staff read it at `width`: each cell and each button lies inside the screen and is
 * what the page shows at its centre (nothing covers it), and the page does not scroll sideways.
 */
async function expectReadable(page: Page, row: Locator, width: number) {
  await expect(row).toBeVisible();
  const cells = row.getByRole('cell');
  const buttons = row.getByRole('button');
  expect(await cells.count()).toBeGreaterThan(2);
  for (const target of [...(await cells.all()), ...(await buttons.all())]) {
    const seen = await target.evaluate((el) => {
      // Brought into view by scrolling the page only: a table that had to scroll sideways fails.
      window.scrollBy(0, el.getBoundingClientRect().top - window.innerHeight / 2);
      const box = el.getBoundingClientRect();
      const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return { x: box.x, right: box.x + box.width, onTop: top !== null && el.contains(top) };
    });
    const what = (await target.getAttribute('data-label')) ?? (await target.textContent()) ?? '';
    expect(seen.x, what).toBeGreaterThanOrEqual(0);
    expect(seen.right, what).toBeLessThanOrEqual(width);
    expect(seen.onTop, `${what} is covered`).toBe(true);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  if (width < 640) {
    // On a phone the cards fit their frame: nothing to scroll sideways there either.
    const frame = row.locator('xpath=ancestor::div[@role="region"]');
    expect(await frame.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  }
  expect(await axeViolations(page)).toEqual([]);
}

/** On a phone each cell shows its column's name above its value; on a desktop the heading does. */
async function expectLabels(row: Locator, width: number) {
  const labels = await row.getByRole('cell').evaluateAll((cells) =>
    cells.map((cell) => {
      const before = getComputedStyle(cell, '::before');
      return { label: cell.getAttribute('data-label'), shown: before.display === 'block' && before.content !== 'none' };
    }),
  );
  for (const { label, shown } of labels) {
    expect(label).toBeTruthy();
    expect(shown).toBe(width < 640);
  }
}

for (const viewport of desktopAndPhone) {
  test(`the staff tables at ${viewport.width} px: every row readable, its actions in view`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const stamp = Date.now();
    const letters = String(stamp).replace(/\d/g, (d) => String.fromCharCode(97 + Number(d)));
    const who = {
      name: `Narrow ${letters}`,
      email: `narrow-${stamp}@example.com`,
      phone: `97${String(stamp).slice(-8)}`,
    };
    // A session of its own, some weeks ahead at a minute no other run picked.
    const startsAt = Math.ceil((stamp + 40 * day + (stamp % 997) * 7 * minute) / minute) * minute;
    const label = sessionLabel(startsAt);

    await signIn(page, `${dashboardBase}/sessions`);
    const form = page.getByRole('form', { name: 'New session or intake' });
    await form.getByLabel('Start (India time)').fill(indiaLocal(startsAt));
    await form.getByLabel('Seats').fill('20');
    await form.getByLabel('Meeting link (private)').fill('https://meet.example/narrow-table');
    await form.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('Session added.')).toBeVisible();

    const registration = { ...who, city: 'Pune', level: 'Beginner', schedule: label };
    expect((await page.request.post('/api/forms/masterclass', { data: registration })).status()).toBe(201);
    const utr = `${stamp}`.slice(-12).padStart(12, '7');
    await page.goto('/payment');
    await claimPayment(page, who.email, utr);

    // The Sessions table: the session's row, and its Roster, Edit and Cancel buttons.
    await page.goto(`${dashboardBase}/sessions`);
    const sessions = page.getByRole('region', { name: 'Sessions and intakes' });
    const session = sessions.getByRole('row').filter({ hasText: label });
    await expect(session.getByRole('button')).toHaveCount(3);
    await expectLabels(session, viewport.width);
    await expectReadable(page, session, viewport.width);
    if (shots) await page.screenshot({ path: path.join(shots, `sessions-${viewport.width}.png`), fullPage: true });

    // Its roster: the registrant, claimed.
    await session.getByRole('button', { name: /^Roster/ }).click();
    const registrant = page.getByRole('region', { name: 'Roster' }).getByRole('row').filter({ hasText: who.email });
    await expect(registrant).toContainText('Yes');
    await expectLabels(registrant, viewport.width);
    await expectReadable(page, registrant, viewport.width);
    if (shots) await page.screenshot({ path: path.join(shots, `roster-${viewport.width}.png`), fullPage: true });

    // The Payments view: the claim with its Verified and Rejected buttons.
    await page.goto(`${dashboardBase}/payments`);
    const payment = page.getByRole('region', { name: 'Payment claims' }).getByRole('row').filter({ hasText: utr });
    await expect(payment.getByRole('button')).toHaveCount(2);
    await expectLabels(payment, viewport.width);
    await expectReadable(page, payment, viewport.width);
    if (shots) await page.screenshot({ path: path.join(shots, `payments-${viewport.width}.png`), fullPage: true });

    // The Masterclass table: the registration, its status select and every column, Note included.
    await page.goto(`${dashboardBase}/forms/masterclass`);
    await page.getByLabel('Search').fill(who.email);
    const submissions = page.getByRole('region', { name: /submissions$/ });
    await expect(submissions.getByRole('row')).toHaveCount(2);
    const submission = submissions.getByRole('row').filter({ hasText: who.email });
    await expectLabels(submission, viewport.width);
    await expectReadable(page, submission, viewport.width);
    await expect(submission.locator('td[data-label="Note"]')).toHaveCount(1);
    const note = await page.getByRole('columnheader', { name: 'Note' }).boundingBox();
    if (viewport.width === 1280) expect((note?.x ?? 0) + (note?.width ?? Infinity)).toBeLessThanOrEqual(1280);
    if (shots) await page.screenshot({ path: path.join(shots, `masterclass-${viewport.width}.png`), fullPage: true });
  });
}
