import type { LegalDocument } from '@/content/legal-document';

/**
 * How long after the masterclass ends its attendee may ask for a refund: the terms' one fact, read
 * by their text, the refund policy's and the rule that takes a registrant's request (lib/books/refund.ts).
 */
export const masterclassRefundWindowHours = 24;

/**
 * The masterclass terms page: its four sections, with the refund rules of the spec. Tokens
 * {studio}, {email} and {phone} are filled with the studio's values by the renderer.
 */
export const masterclassTerms: LegalDocument = {
  title: 'Masterclass Terms',
  intro:
    'These terms cover refunds for the {studio} online masterclass. Please read them before you confirm your seat: by registering you accept them.',
  sections: [
    {
      id: 'eligibility-for-refund',
      heading: 'Eligibility for Refund',
      blocks: [
        {
          kind: 'ul',
          items: [
            `A refund request must be made within ${masterclassRefundWindowHours} hours of attending the masterclass, from your registration page (the link in your e-mails) or by e-mail.`,
            'You must have attended the full masterclass. We may ask for proof of attendance.',
            'You must fill in the official feedback form, confirming that you have read this policy.',
            'Refunds are made only to the original payment method.',
          ],
        },
      ],
    },
    {
      id: 'valid-grounds-for-refund',
      heading: 'Valid Grounds for Refund',
      blocks: [
        {
          kind: 'p',
          text: 'The only valid ground for a refund is that the masterclass did not deliver the educational value it promised.',
        },
        {
          kind: 'p',
          text: 'Financial difficulty, time constraints and scheduling conflicts are not valid grounds for a refund. Any other request is at the sole discretion of {studio}.',
        },
      ],
    },
    {
      id: 'participant-acknowledgement',
      heading: 'Participant Acknowledgement',
      blocks: [
        {
          kind: 'p',
          text: 'By registering for the masterclass, you confirm that you have read and understood these terms and agree to them, including the requirement to attend in full and to fill in the official feedback form before requesting a refund.',
        },
      ],
    },
    {
      id: 'contact-us',
      heading: 'Contact Us',
      blocks: [
        {
          kind: 'p',
          text: 'For a refund request or any question about these terms, write to {email} with the subject "Refund Request", or call or message us on WhatsApp at {phone}.',
        },
      ],
    },
  ],
};
