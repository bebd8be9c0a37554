import { defaultRetentionDays, fallbackRetentionDays, periodInWords } from '@/lib/privacy/retention';

/**
 * The short notice shown where each form's data is given (Digital Personal Data Protection Act,
 * s. 5): what is collected, why, how long it is kept, the visitor's rights and whom to ask. Its
 * version is stored with every submission (privacy_config → form_submissions.notice_version):
 * change the version whenever this text, the periods or the privacy policy change.
 */
export const privacyNoticeVersion = '2026-11-30';

interface FormNotice {
  /** What the form collects, in words. */
  collected: string;
  /** Why. */
  purpose: string;
  /** Registrations that people under 18 may send: a parent or guardian must submit for them. */
  minors?: boolean;
}

const notices: Readonly<Record<string, FormNotice>> = {
  query: { collected: 'your name, e-mail and question', purpose: 'to answer your question' },
  'service-request': {
    collected: 'your name, e-mail, phone, social profile and project details',
    purpose: 'to reply with a quote and plan your project',
  },
  'pro-audio': {
    collected: 'your name, e-mail, phone, availability, budget and message',
    purpose: 'to plan and quote your studio session',
  },
  'talent-show': {
    collected: 'your name, stage name, phone, e-mail, demo and photo links, bio and signature',
    purpose: 'to review your entry and contact you about the show',
    minors: true,
  },
  masterclass: {
    collected: 'your name, e-mail, phone, city and level',
    purpose: 'to register you, confirm your payment and send the class details',
    minors: true,
  },
  certification: {
    collected: 'your name, e-mail, phone, courses and learning goals',
    purpose: 'to enrol you, confirm your payment, teach you and issue your certificate',
    minors: true,
  },
  diploma: {
    collected: 'your name, e-mail, phone, courses and learning goals',
    purpose: 'to enrol you, confirm your payment, teach you and issue your diploma',
    minors: true,
  },
  booking: {
    collected: 'your name, e-mail, phone, the time you book and, for a business, its GSTIN, legal name and address',
    purpose: 'to hold and confirm your booking, invoice it and remind you of it',
  },
};

/** The notice of one form, in sentences (the contact is added by the component). */
export function formNotice(form: string): { text: string; minors: string | undefined } {
  const n = notices[form] ?? { collected: 'what you enter in this form', purpose: 'to answer you' };
  const kept = periodInWords(defaultRetentionDays[form] ?? fallbackRetentionDays);
  return {
    text: `We collect ${n.collected} ${n.purpose}, and keep it for ${kept} unless you ask us to erase it sooner. You can see, download, correct or erase your data at any time.`,
    minors: n.minors
      ? 'If you are under 18, a parent or guardian must fill in and submit this form for you.'
      : undefined,
  };
}

/** The "Your data" page's frame. */
export const yourDataPage = {
  eyebrow: 'Your data',
  heading: 'See, download, correct or erase your data',
  lead: 'Enter the e-mail address you used on our forms. We will send a link that works once, for 15 minutes, to show what we hold about you. You can download it and ask us to correct or erase it.',
};
