import nodemailer from 'nodemailer';

/** What the studio is told about a build. */
export interface BuildMessage {
  id: number;
  reason: string;
  /** True when the build went live (with items left out); false when the previous site stayed. */
  live: boolean;
  firstError: string;
  notes: readonly string[];
}

/** The e-mail to the studio about a build, in plain words. */
export function buildMessageText(m: BuildMessage): { subject: string; text: string } {
  const list = m.notes.map((n) => `- ${n}`);
  if (m.live) {
    return {
      subject: `Site build #${m.id} is live, with ${m.notes.length} ${m.notes.length === 1 ? 'item' : 'items'} left out`,
      text: [
        `The site was rebuilt (${m.reason}) and is live, but these were left out of the pages:`,
        '',
        ...list,
        '',
        'Correct them in WordPress and save: the next build puts them back by itself.',
      ].join('\n'),
    };
  }
  return {
    subject: `Site build #${m.id} failed: the site was not updated`,
    text: [
      `The site was not rebuilt (${m.reason}); visitors still see the previous version.`,
      '',
      `Why: ${m.firstError}`,
      ...(list.length > 0 ? ['', ...list] : []),
      '',
      'Correct it (in WordPress, or the setting named above) and save again: the next build goes live by itself.',
      'The dashboard\'s "Site builds" lists every build and the end of its log.',
    ].join('\n'),
  };
}

/** Sends each build message to the studio (NOTIFY_TO) through SMTP_URL's server. */
export function mailBuildMessages(opts: {
  smtpUrl: string;
  to: string;
  from?: string;
}): (m: BuildMessage) => Promise<void> {
  const transport = nodemailer.createTransport(opts.smtpUrl);
  const from = opts.from ?? opts.to.split(',')[0]?.trim() ?? '';
  return async (message) => {
    await transport.sendMail({ from, to: opts.to, ...buildMessageText(message) });
  };
}
