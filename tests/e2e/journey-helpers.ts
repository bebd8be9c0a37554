/**
 * What the registrant journeys share: a server of their own whose e-mail goes to a real SMTP server
 * on loopback (smtp-server, in the test's process, each message parsed with mailparser), the
 * invitations read with ical.js, and the staff sign-in.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import ICAL from 'ical.js';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { expect, test } from './fixtures';
import { e2ePort, e2eStaff } from './staff';

/** The address of a journey's server: `offset` from E2E_PORT (its SMTP server listens on the next port). */
const journeySite = (offset: number) => `http://127.0.0.1:${e2ePort + offset}`;

interface JourneyServer {
  /** Every e-mail received, with when it arrived. */
  mails: Array<{ at: number; mail: ParsedMail }>;
  /** Waits for the first e-mail whose subject matches. */
  mailWith(subject: RegExp): Promise<ParsedMail>;
  /** Stops the server and the SMTP server, removes the data, and logs the subjects received. */
  stop(): Promise<void>;
}

/** Starts the SMTP server and the site's server (built pages, fresh data, one staff account). */
async function startJourneyServer(offset: number): Promise<JourneyServer> {
  const port = e2ePort + offset;
  const smtpPort = port + 1;
  const t0 = Date.now();
  const mails: JourneyServer['mails'] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => mails.push({ at: Date.now(), mail }))
        .finally(() => done());
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', () => resolve()));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-journey-e2e-'));
  mkdirSync(path.join(dir, 'data'));
  const site = journeySite(offset);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    DATA_DIR: path.join(dir, 'data', 'db'),
    SITE_URL: site,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    NOTIFY_FROM: 'Studio site <site@studio.example>',
    STAFF_PASSWORD: e2eStaff.password,
    RATE_LIMIT_PER_MINUTE: '500',
  };
  execFileSync('npm', ['run', '--silent', 'staff', '--', 'add', e2eStaff.name, '--replace'], { env, stdio: 'pipe' });
  const server: ChildProcess = spawn('npx', ['tsx', 'server/main.ts', '--no-build'], {
    env,
    detached: true,
    stdio: 'ignore',
  });
  const stop = async () => {
    if (server.pid) process.kill(-server.pid, 'SIGTERM');
    await new Promise((r) => smtp.close(() => r(undefined)));
    rmSync(dir, { recursive: true, force: true });
    // The registrant's e-mails as received: subject and seconds since the server started.
    for (const { at, mail } of mails) console.log(`mail +${((at - t0) / 1000).toFixed(1)} s: ${mail.subject}`);
  };
  const mailWith = async (subject: RegExp): Promise<ParsedMail> => {
    for (let i = 0; i < 150; i++) {
      const found = mails.find((m) => subject.test(m.mail.subject ?? ''));
      if (found) return found.mail;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no e-mail "${subject}"; got ${mails.map((m) => m.mail.subject).join(' | ')}`);
  };
  for (let i = 0; i < 900; i++) {
    if ((await fetch(`${site}/robots.txt`).catch(() => undefined))?.ok) return { mails, mailWith, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error('the server did not start');
}

/**
 * Runs a journey's server for the spec file (started before its tests, stopped after them, pages
 * on its address) and gives the wait for an e-mail.
 */
export function withJourneyServer(offset: number): (subject: RegExp) => Promise<ParsedMail> {
  let journey: JourneyServer | undefined;
  test.use({ baseURL: journeySite(offset) });
  test.beforeAll(async () => {
    test.setTimeout(200_000);
    journey = await startJourneyServer(offset);
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

export async function signIn(page: Page) {
  await page.getByLabel('Name').fill(e2eStaff.name);
  await page.getByLabel('Password').fill(e2eStaff.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(`Signed in as ${e2eStaff.name}`)).toBeVisible();
}

/** The page's WCAG 2.2 AA violations found by axe, one line each. */
export const axeViolations = async (page: Page) =>
  (
    await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze()
  ).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/** Sends a payment claim from the payment page the registration led to, and waits for its receipt. */
export async function claimPayment(page: Page, contact: string) {
  const claim = page.getByRole('form', { name: 'Already paid? Send us your UTR' });
  await claim.getByLabel('UPI transaction number (UTR)').fill(String(Date.now()).slice(-12).padStart(12, '7'));
  await claim.getByLabel('Phone or e-mail you registered with').fill(contact);
  await claim.getByRole('button', { name: 'Send payment details' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'will verify them' })).toBeVisible();
}
