import { linkFragment, yourDataPath } from '@/lib/privacy/your-data';
import { formatReceived } from '@/lib/dashboard/format';
import { type OutboxItem, Skip } from '../platform/outbox';
import type { Db } from '../store/db';
import { createLink, dropLink, linkMinutes, visitorMessage } from './your-data-store';
import { getRequest, staffNotice } from './requests-store';

/** What the messages about personal data need to say who sends them and where links point. */
export interface PrivacyMailOptions {
  /** SITE_URL: the one-time links point there, never to the request's Host. */
  siteUrl: string;
  studioName: string;
  /** The privacy contact, named in every message to a visitor; its address sends them without NOTIFY_FROM. */
  grievance: { name: string; email: string };
  /** The clock a link's 15 minutes run by (tests move it). */
  now?: () => Date;
}

/** One plain-text e-mail; the caller adds the sender. */
export interface PrivacyMessage {
  to: string;
  subject: string;
  text: string;
}

/** Whether an outbox row is a message about personal data (to a visitor, or to the studio about a request). */
export const isPrivacyMessage = (item: OutboxItem): boolean => item.source.startsWith('privacy-');

/**
 * Sends one outbox row about personal data with `send` (which throws when the SMTP server refuses):
 * a visitor's one-time "Your data" link (made now, so its 15 minutes start when it leaves, and
 * forgotten again when the send fails, so that it does not count toward the address's limit), the
 * answer to a visitor's request, or word to the studio (`staffTo`) of a new or overdue request.
 */
export async function sendPrivacyMessage(
  db: Db,
  item: OutboxItem,
  opts: PrivacyMailOptions & { staffTo?: string; dashboardUrl: string },
  send: (message: PrivacyMessage) => Promise<void>,
): Promise<void> {
  if (item.source === visitorMessage.link) {
    if (!item.toAddress) throw new Skip('no address');
    const token = await createLink(db, item.toAddress, opts.now?.() ?? new Date());
    try {
      await send({
        to: item.toAddress,
        ...linkMessage(opts, `${opts.siteUrl}${yourDataPath}#${linkFragment}=${token}`),
      });
    } catch (error) {
      await dropLink(db, token);
      throw error;
    }
    return;
  }
  if (item.source === visitorMessage.answer) {
    const text = typeof item.detail?.text === 'string' ? item.detail.text : '';
    if (!item.toAddress || !text) throw new Skip('no address or text');
    await send({ to: item.toAddress, subject: `${opts.studioName}: your request about your data`, text });
    return;
  }
  if (item.source !== staffNotice.received && item.source !== staffNotice.overdue)
    throw new Skip(`unknown message ${item.source}`);
  if (!opts.staffTo) throw new Error('NOTIFY_TO is empty');
  const request = await getRequest(db, item.refId);
  if (request?.status !== 'open') throw new Skip(`request ${item.refId} is no longer open`);
  const overdue = item.source === staffNotice.overdue;
  const due = formatReceived(request.dueAt);
  await send({
    to: opts.staffTo,
    subject: overdue
      ? `Overdue: data request #${request.id} (${request.kind}) was due ${due}`
      : `Data request #${request.id}: ${request.kind}, answer by ${due}`,
    text: [
      overdue
        ? `A visitor's request for ${request.kind} of their personal data was due ${due} and is still open. The law asks for an answer without delay.`
        : `A visitor asked on the "Your data" page for ${request.kind} of their personal data. Answer it by ${due}.`,
      '',
      `Open: ${opts.dashboardUrl}/privacy-requests`,
    ].join('\n'),
  });
}

function linkMessage(opts: PrivacyMailOptions, link: string): { subject: string; text: string } {
  const { studioName, grievance } = opts;
  return {
    subject: `${studioName}: your data`,
    text: `Someone (we hope you) asked to see the personal data ${studioName} holds about this address.\n\nOpen this link within ${linkMinutes} minutes; it works once:\n${link}\n\nIf you did not ask, ignore this e-mail: nothing is shown to anyone without this link.\n\nQuestions or complaints: ${grievance.name}, ${grievance.email}`,
  };
}
