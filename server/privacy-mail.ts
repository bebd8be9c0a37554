import nodemailer from 'nodemailer';

/** Sends one plain-text e-mail to a visitor at once; throws when the SMTP server refuses it. */
export type VisitorMail = (to: string, subject: string, text: string) => Promise<void>;

/**
 * The two messages to visitors about their data (the one-time link, the answer to a request),
 * sent at once through the configured SMTP server (SMTP_URL, NOTIFY_FROM). Undefined when the
 * site has no SMTP server: the "Your data" page then says so and names the grievance contact.
 */
export function visitorMail(opts: { smtpUrl?: string; from?: string; fallbackFrom: string }): VisitorMail | undefined {
  if (!opts.smtpUrl) return undefined;
  const transport = nodemailer.createTransport(opts.smtpUrl);
  const from = opts.from ?? opts.fallbackFrom;
  return async (to, subject, text) => {
    await transport.sendMail({ from, to, subject, text });
  };
}
