import nodemailer from 'nodemailer';
import { cellText, formatReceived } from '@/lib/dashboard/format';
import { columnLabel } from '@/lib/dashboard/labels';
import { tableViewPath } from '@/lib/dashboard/views';
import { formatRupees } from '@/lib/payments/money';
import { OutboxWorker, type OutboxItem } from './platform/outbox';
import { isPrivacyMessage, type PrivacyMailOptions, sendPrivacyMessage } from './privacy/privacy-mail';
import { composeRegistrantMessage } from './sessions/registrant-mail';
import type { RegistrantMailOptions } from './sessions/registrant-message';
import { getClaim } from './payments/claims-store';
import type { Store } from './store/store';
import { getSubmission } from './forms/workspace-store';

export interface NotifyOptions {
  smtpUrl: string;
  /** The studio's addresses for staff notifications; empty: none are sent. */
  to?: string;
  /** The sender; registrants' messages need it (or `to`). */
  from?: string;
  /** Messages to registrants (their confirmation, invitation, reminders): on when set and a sender is known. */
  registrants?: Omit<RegistrantMailOptions, 'db' | 'from'>;
  /** Messages about personal data (server/privacy/privacy-mail.ts): visitors' links and answers, data requests to the studio. */
  privacy?: PrivacyMailOptions;
  /** The dashboard's absolute address: SITE_URL + /dashboard-<slug>. */
  dashboardUrl: string;
  /** Each table's title ('pro-audio' and each inbox form) and payload keys. */
  tables: Readonly<Record<string, { title: string; keys: readonly string[] }>>;
}

interface Message {
  subject: string;
  text: string;
}

/** The e-mail for one outbox row: what arrived, its fields, and a link to it in the dashboard. */
async function composeMessage(store: Store, item: OutboxItem, opts: NotifyOptions): Promise<Message> {
  if (item.source === 'claim') {
    const claim = await getClaim(store.db, item.refId);
    if (!claim) throw new Error(`claim ${item.refId} is gone`);
    const registration = claim.registration
      ? `${claim.registration.name} (${claim.registration.form} #${claim.registration.id})`
      : 'none found yet';
    return {
      subject: `Payment claim: ${formatRupees(claim.amountPaise)}, UTR ${claim.utr}`,
      text: [
        'A visitor says they have paid. Check the UTR against the bank statement before marking it verified.',
        '',
        `Amount: ${formatRupees(claim.amountPaise)}`,
        `Reference: ${claim.reference}`,
        `UTR: ${claim.utr}`,
        `Phone or e-mail: ${claim.contact}`,
        `Registration: ${registration}`,
        `Received: ${formatReceived(claim.receivedAt)}`,
        '',
        `Open: ${opts.dashboardUrl}/payments`,
      ].join('\n'),
    };
  }
  const table = opts.tables[item.source];
  const found = table ? await getSubmission(store.db, item.source, item.refId) : undefined;
  if (!table || !found) throw new Error(`submission ${item.source} #${item.refId} is gone`);
  const fields = table.keys.map((key) => `${columnLabel(item.source, key)}: ${cellText(found.row.payload[key])}`);
  return {
    subject: `New ${table.title} submission #${item.refId}`,
    text: [
      `A new ${table.title} submission arrived on ${formatReceived(found.row.receivedAt)}.`,
      '',
      ...fields,
      '',
      `Open: ${opts.dashboardUrl}/${tableViewPath(item.source)}?id=${item.refId}`,
    ].join('\n'),
  };
}

/** The sender's address: NOTIFY_FROM, else the first staff address. */
const senderOf = (opts: NotifyOptions): string | undefined => opts.from ?? opts.to?.split(',')[0]?.trim();

/**
 * Sends each outbox row through the SMTP server of SMTP_URL: a staff notification as one plain-text
 * e-mail to the studio, a registrant's message with its text and HTML parts (and invitation) to them.
 */
function smtpSender(store: Store, opts: NotifyOptions): (item: OutboxItem) => Promise<void> {
  const transport = nodemailer.createTransport(opts.smtpUrl);
  const from = senderOf(opts) ?? opts.privacy?.grievance.email ?? '';
  return async (item) => {
    if (isPrivacyMessage(item)) {
      if (!opts.privacy) throw new Error('messages about personal data are off');
      const privacy = { ...opts.privacy, staffTo: opts.to, dashboardUrl: opts.dashboardUrl };
      await sendPrivacyMessage(store.db, item, privacy, async (message) => {
        await transport.sendMail({ from, ...message });
      });
      return;
    }
    if (item.source.startsWith('reg-')) {
      if (!opts.registrants) throw new Error('messages to registrants are off');
      const message = await composeRegistrantMessage({ ...opts.registrants, db: store.db, from }, item);
      await transport.sendMail({ from, ...message });
      return;
    }
    if (!opts.to) throw new Error('NOTIFY_TO is empty');
    const message = await composeMessage(store, item, opts);
    await transport.sendMail({ from, to: opts.to, subject: message.subject, text: message.text });
  };
}

/**
 * Turns notifications on or off: the studio's (SMTP_URL and NOTIFY_TO set) and the registrants'
 * (SMTP_URL and a sender, NOTIFY_FROM or NOTIFY_TO): the database queues rows only for what is on,
 * and a worker sends them, with the messages about personal data (SMTP_URL alone); its failures are
 * told to `log`. Resolves with the worker to stop on shutdown.
 */
export async function startNotifications(
  store: Store,
  opts: NotifyOptions | undefined,
  now?: () => Date,
  log?: (line: string) => void,
): Promise<OutboxWorker | undefined> {
  const staff = Boolean(opts?.to);
  const registrants = Boolean(opts?.registrants && senderOf(opts));
  await OutboxWorker.setEnabled(store.db, staff, registrants);
  if (!opts || (!staff && !registrants && !opts.privacy)) return undefined;
  const worker = new OutboxWorker({ db: store.db, send: smtpSender(store, opts), now, log });
  worker.start();
  return worker;
}
