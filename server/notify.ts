import nodemailer from 'nodemailer';
import { cellText, formatReceived } from '@/lib/dashboard/format';
import { columnLabel } from '@/lib/dashboard/labels';
import { tableViewPath } from '@/lib/dashboard/views';
import { formatRupees } from '@/lib/payments/money';
import { OutboxWorker, type OutboxItem } from './outbox';
import { getClaim } from './store/claims';
import type { Store } from './store/store';
import { getSubmission } from './store/workspace';

export interface NotifyOptions {
  smtpUrl: string;
  to: string;
  from?: string;
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

/** Sends each outbox row as one plain-text e-mail through the SMTP server of SMTP_URL. */
function smtpSender(store: Store, opts: NotifyOptions): (item: OutboxItem) => Promise<void> {
  const transport = nodemailer.createTransport(opts.smtpUrl);
  const from = opts.from ?? opts.to.split(',')[0] ?? opts.to;
  return async (item) => {
    const message = await composeMessage(store, item, opts);
    await transport.sendMail({ from, to: opts.to, subject: message.subject, text: message.text });
  };
}

/**
 * Turns notifications on (SMTP_URL and NOTIFY_TO set: the outbox trigger writes rows and a worker
 * sends them) or off (no rows, nothing sent). Resolves with the worker to stop on shutdown.
 */
export async function startNotifications(
  store: Store,
  opts: NotifyOptions | undefined,
): Promise<OutboxWorker | undefined> {
  await OutboxWorker.setEnabled(store.db, Boolean(opts));
  if (!opts) return undefined;
  const worker = new OutboxWorker({ db: store.db, send: smtpSender(store, opts) });
  worker.start();
  return worker;
}
