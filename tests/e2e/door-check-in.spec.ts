/**
 * Check-in at the door on a phone (375 px) with a real camera pipeline: a registrant's ticket, as
 * their own page shows it, is fed to Chromium's fake camera (a Y4M made from a screenshot of its QR
 * code), and door staff scan it in the dashboard's Check in view: first while the phone is offline
 * (kept, counted, sent when the connection returns), then again (refused, saying when), then by its
 * typed code. The server is one of this file's own, its e-mail to a real SMTP server on loopback.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumPath, offlineArgs } from './browser';
import { writeY4m } from './fake-camera';
import { expect, test } from './fixtures';
import { indiaLocal, withJourneyServer } from './journey-helpers';
import { expectPressable, expectWhole, keepPhoneScreen, phone } from './phone-screens';
import { dashboardBase, openFirstRoster, signIn } from './staff';

test.describe.configure({ mode: 'serial' });
const mailWith = withJourneyServer(5);

const minute = 60_000;
/** Half an hour ahead, on the minute: the door opens an hour before the start, so check-in counts. */
const start = Math.ceil((Date.now() + 30 * minute) / minute) * minute;

const hydrated = (page: Page) => page.locator('html[data-hydrated]').waitFor({ state: 'attached' });

test('door staff scan a ticket offline, it is sent when back online, a second scan is refused', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await signIn(page, `${dashboardBase}/sessions`);
  const added = await page.request.post('/api/sessions/manage', {
    data: {
      kind: 'course',
      title: 'Diploma in Music Production',
      startsAt: indiaLocal(start).replace('T', ' '),
      durationMinutes: 180,
      capacity: 10,
      mode: 'offline',
      location: 'One11 Studios, Andheri West, Mumbai',
    },
  });
  expect(added.status()).toBe(201);
  const intake = (await added.json()).session as { id: number; label: string };
  const registered = await page.request.post('/api/forms/diploma', {
    data: {
      Name: 'Riya Sharma',
      Email: 'riya@example.com',
      Phone: '9876501234',
      Courses: 'Diploma in Music Production',
      Mode: 'Offline',
      Goals: '',
      Experience: 'Beginner',
      Timestamp: new Date().toISOString(),
      Intake: String(intake.id),
    },
  });
  expect(registered.status()).toBe(201);

  // The registrant opens their page from the acknowledgement: it shows the ticket.
  const ack = await mailWith(/course registration received/);
  const pageUrl = /http:\/\/127\.0\.0\.1:\d+\/my-registration#\d[\w.-]+/.exec(ack.text ?? '')?.[0] ?? '';
  expect(pageUrl).not.toBe('');
  const registrant = await page.context().browser()?.newPage({ viewport: phone });
  if (!registrant) throw new Error('no browser');
  await registrant.goto(pageUrl);
  await expect(registrant.getByRole('heading', { name: 'Your ticket' })).toBeVisible();
  const code = (await registrant.getByTestId('ticket-code').textContent()) ?? '';
  expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
  const qr = await registrant.getByTestId('ticket-qr').screenshot();
  await registrant.close();

  // Door staff's phone: its camera plays the ticket's QR code.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'door-camera-'));
  const video = path.join(dir, 'ticket.y4m');
  await writeY4m(qr, video);
  const camera = await chromium.launch({
    executablePath: chromiumPath(),
    args: [
      ...offlineArgs,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await camera.newContext({ baseURL, viewport: phone, permissions: ['camera'] });
    const door = await context.newPage();
    await door.goto(`${dashboardBase}/check-in`);
    await hydrated(door);
    await signIn(door);
    // On the phone the view comes first: one heading, the session and the scan button on the first
    // screen, with the dashboard's sections folded under "Sections" (and there when opened).
    await expect(door.getByRole('heading', { name: /^Check in/ })).toHaveCount(1);
    const nav = door.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link', { name: 'Payments' })).toBeHidden();
    await nav.getByText('Sections').click();
    await expect(nav.getByRole('link', { name: 'Payments' })).toBeVisible();
    await nav.getByText('Sections').click();
    await expect(nav.getByRole('link', { name: 'Payments' })).toBeHidden();
    // Each session is listed whole, its date included; the main buttons look pressable.
    const sessionChoice = door.getByRole('radio', { name: intake.label });
    await sessionChoice.check();
    await expectWhole(door.locator('label').filter({ has: sessionChoice }));
    for (const control of [sessionChoice, door.getByRole('button', { name: 'Scan a ticket' })]) {
      const box = await control.boundingBox();
      expect(box && box.y + box.height).toBeLessThanOrEqual(phone.height);
    }
    await expectPressable(door.getByRole('button', { name: 'Scan a ticket' }));
    await expectPressable(door.getByRole('button', { name: 'Check in', exact: true }));
    await keepPhoneScreen(door, 'door');
    const result = door.getByTestId('door-result');
    await expect(result).toHaveAttribute('aria-live', 'assertive');

    // Offline: the scan is kept on the phone and counted.
    await context.setOffline(true);
    await door.getByRole('button', { name: 'Scan a ticket' }).click();
    await expect(result).toHaveText('No connection: scan kept on this phone, sent when the connection returns.');
    await expect(door.getByTestId('door-queue')).toHaveText('1 scan waiting to be sent');

    // Back online: sent by itself, and the answer shown.
    await context.setOffline(false);
    await expect(result).toHaveText('Riya Sharma: checked in (not paid).');
    await expect(door.getByTestId('door-queue')).toHaveText('1 kept scan sent.');
    expect(await door.evaluate(() => localStorage.getItem('door-check-in-queue'))).toBeNull();

    // The same ticket again: refused, with the time it was used.
    const t0 = Date.now();
    await door.getByRole('button', { name: 'Scan next ticket' }).click();
    await expect(result).toContainText(/^Riya Sharma: already checked in at \d\d:\d\d\.$/);
    console.log(`second scan: answered ${Date.now() - t0} ms after the tap (camera start, decode, request)`);
    // What door staff see at that moment, kept beside the test's results for a person to look at.
    await door.screenshot({ path: test.info().outputPath('door-second-scan.png'), fullPage: true });
    // Its typed code: refused the same way.
    await door.getByRole('textbox', { name: 'Ticket code' }).fill(code.toLowerCase());
    await door.getByRole('button', { name: 'Check in' }).click();
    await expect(result).toContainText('already checked in at');
    // Nothing sticks out of the phone's width.
    const wide = await door.evaluate((width) => {
      const over = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > width);
      return over.map((e) => `${e.tagName}.${e.className}`).slice(0, 5);
    }, phone.width);
    expect(wide).toEqual([]);

    // The roster shows who attended, once.
    await door.goto(`${dashboardBase}/sessions`);
    await hydrated(door);
    await openFirstRoster(door);
    await expect(door.getByTestId('roster-tally')).toHaveText(
      '1 registered · 0 claimed · 0 verified · 1 attended · 0 certified',
    );
    await expect(door.getByRole('row').filter({ hasText: 'riya@example.com' })).toContainText('Checked in');
    await context.close();
  } finally {
    await camera.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
