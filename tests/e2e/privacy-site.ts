import { freePort } from '../free-port';
import { type ReceivedMail, startOwnSite, startSmtp } from './own-site';

/** The studio's address for notifications on the privacy tests' server. */
export const studioInbox = 'staff@studio.test';

/**
 * The privacy tests' server: the bundled server on a free port with a fresh database, e-mail
 * through a real SMTP server on loopback (to the studio and to visitors), and a generous rate limit.
 * Answers its address, the messages received so far (by recipient), a JSON POST, and how to stop it.
 */
export async function startPrivacySite() {
  const mails: ReceivedMail[] = [];
  const smtp = await startSmtp(0, mails);
  const port = await freePort();
  const site = `http://127.0.0.1:${port}`;
  const own = await startOwnSite(port, () => ({
    SITE_URL: site,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    NOTIFY_TO: studioInbox,
    NOTIFY_FROM: 'Studio site <site@studio.test>',
    RATE_LIMIT_PER_MINUTE: '1000',
  }));
  return {
    site,
    /** The text of each message sent to `to`. */
    mailsTo: (to: string) => mails.filter((m) => m.to === to).map((m) => m.mail.text ?? ''),
    post: (p: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${site}${p}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    stop: async () => {
      own.stop();
      await smtp.close();
    },
  };
}
