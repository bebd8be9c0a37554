/**
 * What the registrant journeys share: a server of their own whose e-mail goes to a real SMTP server
 * on loopback (smtp-server, in the test's process, each message parsed with mailparser), the
 * invitations read with ical.js, and the staff sign-in.
 */
import { type Page, request } from '@playwright/test';
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { expect, test } from './fixtures';
import { type ReceivedMail, startOwnSite, startSmtp, waitFor } from './own-site';
import { dashboardBase, e2ePort, e2eStaff } from './staff';

/** The address of a journey's server: `offset` from E2E_PORT (its SMTP server listens on the next port). */
const journeySite = (offset: number) => `http://127.0.0.1:${e2ePort + offset}`;

interface JourneyServer {
  /** Waits for the first e-mail whose subject matches. */
  mailWith(subject: RegExp): Promise<ParsedMail>;
  /** Stops the server and the SMTP server, removes the data, and logs the subjects received. */
  stop(): Promise<void>;
}

/** Starts the SMTP server and the site's server (built pages, fresh data, one staff account). */
async function startJourneyServer(offset: number, env: Record<string, string>): Promise<JourneyServer> {
  const port = e2ePort + offset;
  const t0 = Date.now();
  const mails: ReceivedMail[] = [];
  const smtp = await startSmtp(port + 1, mails);
  const own = await startOwnSite(port, () => ({
    SITE_URL: journeySite(offset),
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    NOTIFY_FROM: 'Studio site <site@studio.example>',
    RATE_LIMIT_PER_MINUTE: '500',
    ...env,
  }));
  const stop = async () => {
    own.stop();
    await smtp.close();
    // The registrant's e-mails as received: subject and seconds since the server started.
    for (const { at, mail } of mails) console.log(`mail +${((at - t0) / 1000).toFixed(1)} s: ${mail.subject}`);
  };
  const mailWith = (subject: RegExp) =>
    waitFor('an e-mail', () => mails.find((m) => subject.test(m.mail.subject ?? ''))?.mail, 30_000).catch(() => {
      throw new Error(`no e-mail "${subject}"; got ${mails.map((m) => m.mail.subject).join(' | ')}`);
    });
  return { mailWith, stop };
}

/**
 * Runs a journey's server for the spec file (started before its tests, stopped after them, pages
 * on its address) and gives the wait for an e-mail.
 */
export function withJourneyServer(
  offset: number,
  env: Record<string, string> = {},
): (subject: RegExp) => Promise<ParsedMail> {
  let journey: JourneyServer | undefined;
  test.use({ baseURL: journeySite(offset) });
  test.beforeAll(async () => {
    test.setTimeout(200_000);
    journey = await startJourneyServer(offset, env);
  });
  test.afterAll(async () => {
    await journey?.stop();
  });
  return (subject) => {
    if (!journey) throw new Error('the server is not running');
    return journey.mailWith(subject);
  };
}

/** A mail's calendar invitation, read with ical.js. */
export function invitation(mail: ParsedMail) {
  const part = mail.attachments.find((a) => a.contentType.startsWith('text/calendar'));
  if (!part) throw new Error(`no invitation in ${mail.subject}`);
  const cal = new ICAL.Component(ICAL.parse(part.content.toString('utf8')));
  const event = cal.getFirstSubcomponent('vevent');
  if (!event) throw new Error(`no event in ${mail.subject}`);
  return {
    method: cal.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().getTime(),
    location: String(event.getFirstPropertyValue('location') ?? ''),
  };
}

/** India time, as the dashboard's datetime-local control takes it: YYYY-MM-DDTHH:mm. */
export const indiaLocal = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 16);

/**
 * Sends a payment claim from the payment page the registration led to (a fresh UTR unless one is
 * given), and waits for its receipt.
 */
export async function claimPayment(page: Page, contact: string, utr = String(Date.now()).slice(-12).padStart(12, '7')) {
  const claim = page.getByRole('form', { name: 'Already paid? Send us your UTR' });
  await claim.getByLabel('UPI transaction number (UTR)').fill(utr);
  await claim.getByLabel('Phone or e-mail you registered with').fill(contact);
  await claim.getByRole('button', { name: 'Send payment details' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'will verify them' })).toBeVisible();
}

/** A start a month or so ahead, to the minute: sessions added by other tests keep other labels. */
const someDayAhead = () =>
  Math.ceil((Date.now() + 30 * 86_400_000) / 60_000) * 60_000 + Math.floor(Math.random() * 600) * 60_000;

/** Staff verify the first claim in the dashboard's Payments view (signed in), and see it verified. */
export async function verifyFirstClaim(page: Page) {
  await page.goto(`${dashboardBase}/payments`);
  await page
    .getByRole('button', { name: /verified$/ })
    .first()
    .click();
  await expect(page.getByText(`Verified by ${e2eStaff.name}`).first()).toBeVisible();
}

/**
 * Staff schedule a masterclass session through the service at `site`, as the Sessions view sends it
 * (signed in as e2eStaff, in a request context of its own), some days ahead with plenty of seats.
 * Answers its label: a sign-up names a scheduled session with a seat (there is no fallback schedule).
 */
export async function scheduleMasterclass(site: string, startMs = someDayAhead()): Promise<string> {
  const api = await request.newContext({ baseURL: site, extraHTTPHeaders: { Origin: site } });
  try {
    expect((await api.post('/api/auth/login', { data: e2eStaff })).status()).toBe(200);
    const start = startMs;
    const added = await api.post('/api/sessions/manage', {
      data: {
        kind: 'masterclass',
        startsAt: indiaLocal(start).replace('T', ' '),
        durationMinutes: 120,
        capacity: 200,
        meetingUrl: 'https://meet.example/abc-defg-hij',
      },
    });
    expect(added.status()).toBe(201);
    return ((await added.json()) as { session: { label: string } }).session.label;
  } finally {
    await api.dispose();
  }
}

/** Staff add a masterclass session in the dashboard's Sessions view (signed in, on that page). */
export async function addSession(page: Page, startMs: number, seats: number) {
  const form = page.getByRole('form', { name: 'New session or intake' });
  await form.getByLabel('Start (India time)').fill(indiaLocal(startMs));
  await form.getByLabel('Seats').fill(String(seats));
  await form.getByLabel('Meeting link (private)').fill('https://meet.example/abc-defg-hij');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Session added.')).toBeVisible();
}

/** A visitor fills in the masterclass sign-up on /masterclass, ticks the terms and confirms (or joins the waitlist). */
export async function signUp(
  page: Page,
  who: { name: string; email: string; phone: string },
  button: 'Confirm My Seat' | 'Join the waitlist' = 'Confirm My Seat',
) {
  const form = page.locator('form').first();
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(who.name);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(who.email);
  await form.getByRole('textbox', { name: 'Phone', exact: true }).fill(who.phone);
  await form.getByRole('textbox', { name: 'City', exact: true }).fill('Pune');
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.waitForTimeout(3100); // the form's minimum fill time, against bots
  await page.getByRole('button', { name: button }).click();
}
