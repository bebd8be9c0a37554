/**
 * The masterclass sign-up page's left column: what you will learn, why join, details and bonus.
 * The price is not written here: it comes from content/prices.ts (see lib/payments/money.ts).
 */
export const masterclass = {
  eyebrow: 'Live online masterclass',
  heading: 'Make Your First Track Release-Ready',
  lead: 'A 2-hour live online masterclass on music production, from the first beat to the release.',
  badges: { attendees: '10k+ attendees', offer: 'Limited-time offer' },
  learn: {
    heading: 'What you will learn',
    items: [
      'Beat making fundamentals',
      'Mixing and mastering',
      'A beginner DAW walkthrough',
      'A release roadmap for streaming and video platforms',
    ],
  },
  why: {
    heading: 'Why join',
    items: [
      'Learn live from working producers and ask your questions as you go',
      'Built for beginners: no prior experience or paid software needed',
      '100% refund guarantee if the session does not deliver the promised value',
    ],
  },
  details: {
    heading: 'Details',
    /** {price} is replaced by the formatted masterclass price. */
    items: ['Online and live', 'Duration: 2 hours', 'Fee: {price} + GST', '100% refund guarantee'],
  },
  bonus: {
    heading: 'Bonus',
    items: ['A free e-guide to the top 10 plugins', '40% off all our courses'],
  },
  form: {
    heading: 'Reserve your seat',
    termsLabelBefore: 'I have read and agree to the ',
    termsLinkText: 'masterclass terms',
    submitLabel: 'Confirm My Seat',
    busyLabel: 'Confirming...',
  },
} as const;
