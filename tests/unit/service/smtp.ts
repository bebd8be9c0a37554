import type { Hono } from 'hono';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { inboxForms } from '@/lib/forms/registry';
import { getStudio } from '@/lib/studio';
import { startNotifications } from '@/server/notify';
import type { OutboxWorker } from '@/server/platform/outbox';
import { type SessionService, sessionService } from '@/server/sessions/sessions';
import { workspaceTables } from '@/server/forms/staff-api';
import type { Store } from '@/server/store/store';
import { staffSignedIn } from './service-app';
import type { TestDatabase } from './test-stores';

/** One message as the test SMTP server received it. */
interface ReceivedMail {
  /** The envelope's recipients, comma-separated. */
  to: string;
  /** The whole message, quoted-printable bodies decoded (ASCII is all the tests assert on). */
  text: string;
}

export interface TestSmtp {
  /** What the server has received so far, in order. */
  mails: ReceivedMail[];
  close(): Promise<void>;
}

/** Joins quoted-printable soft line breaks and decodes =XX. */
const decodeQuotedPrintable = (text: string): string =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A real SMTP server on loopback `port` that keeps what it receives. */
export function startSmtp(port: number): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      stream.on('end', () => {
        const quoted = text.includes('Content-Transfer-Encoding: quoted-printable');
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          text: quoted ? decodeQuotedPrintable(text) : text,
        });
        done();
      });
    },
  });
  // A client closing as it sends QUIT fails the "221" reply (EPIPE): normal, and unhandled it would fail the test.
  server.on('error', () => undefined);
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ mails, close })));
}

/** A real SMTP server on loopback whose messages are parsed with mailparser, as a mail client would. */
function startParsingSmtp(port: number): Promise<{ server: SMTPServer; mails: ParsedMail[] }> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => mails.push(mail))
        .finally(() => done());
    },
  });
  server.on('error', () => undefined);
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ server, mails })));
}

/**
 * The registrants' outbox as the server runs it with SMTP_URL and a sender, sending to the loopback
 * server on `port` at the test's clock; stopped, so that the test works it itself (runOnce).
 */
async function registrantOutbox(
  store: Store,
  sessions: Pick<SessionService, 'links' | 'tickets'>,
  port: number,
  now: () => Date,
): Promise<OutboxWorker | undefined> {
  const worker = await startNotifications(
    store,
    {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Studio site <site@studio.example>',
      dashboardUrl: 'https://studio.example/dashboard-x',
      tables: workspaceTables(inboxForms),
      registrants: {
        links: sessions.links,
        tickets: sessions.tickets,
        studio: getStudio(),
        siteUrl: 'https://studio.example',
        now,
      },
    },
    now,
  );
  await worker?.stop();
  return worker;
}

/**
 * A real SMTP server on loopback `port`, and the outbox worked by the test itself (registrant
 * messages on, links of `sessions`): deliver() sends what is due and returns the messages it sent.
 */
export async function registrantMail(store: Store, sessions: SessionService, port: number, siteUrl: string) {
  const smtp = await startParsingSmtp(port);
  const worker = await startNotifications(store, {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'Studio site <site@studio.example>',
    dashboardUrl: `${siteUrl}/dashboard-x`,
    tables: workspaceTables(inboxForms),
    registrants: { links: sessions.links, tickets: sessions.tickets, studio: getStudio(), siteUrl },
  });
  await worker?.stop();
  const deliver = () => deliverOutbox(worker, smtp.mails);
  const close = () => new Promise((r) => smtp.server.close(() => r(undefined)));
  return { deliver, close };
}

/** Works `worker`'s outbox once and waits until `mails` has every message it sent; returns those. */
async function deliverOutbox(worker: OutboxWorker | undefined, mails: ParsedMail[]): Promise<ParsedMail[]> {
  const before = mails.length;
  const sent = (await worker?.runOnce()) ?? 0;
  for (let i = 0; i < 200 && mails.length < before + sent; i++) await new Promise((r) => setTimeout(r, 20));
  return mails.slice(before);
}

/** What a registrant's messages are tested on: the service, staff signed in, the mails they get. */
export interface RegistrantRig {
  db: TestDatabase;
  store: Store;
  sessions: SessionService;
  app: Hono;
  cookie: string;
  smtp: { server: SMTPServer; mails: ParsedMail[] };
  worker: OutboxWorker | undefined;
  /** Works the outbox once; resolves with the messages it sent, once the SMTP server has them. */
  deliver: () => Promise<ParsedMail[]>;
}

/**
 * A database from `make` with the session service at the test's clock `now`, staff `meera` signed in
 * with `password`, and the registrants' outbox sending to the loopback SMTP server on `port`, worked by
 * the test (deliverOutbox).
 */
export async function openRegistrantRig(
  make: () => Promise<TestDatabase>,
  opts: { port: number; password: string; now: () => Date; offerHours?: number },
): Promise<RegistrantRig> {
  const smtp = await startParsingSmtp(opts.port);
  const db = await make();
  const store = await db.open();
  const { now, offerHours } = opts;
  const sessions = await sessionService({ store, siteUrl: 'https://studio.example', now, offerHours });
  const { app, cookie } = await staffSignedIn(store, 'meera', opts.password, { rateLimitPerMinute: 100_000, sessions });
  const worker = await registrantOutbox(store, sessions, opts.port, now);
  return { db, store, sessions, app, cookie, smtp, worker, deliver: () => deliverOutbox(worker, smtp.mails) };
}

/** Closes what openRegistrantRig opened. */
export async function closeRegistrantRig({ store, db, smtp }: RegistrantRig): Promise<void> {
  await store.close();
  await db.dispose();
  await new Promise((r) => smtp.server.close(() => r(undefined)));
}

/** The message sent to `address` among `mails`. */
export const mailTo = (mails: ParsedMail[], address: string) =>
  mails.find((m) => (m.to && 'text' in m.to ? m.to.text : '') === address);
