/**
 * Copy for the three legal pages: Privacy Policy, Legal Guidelines and Refund Policy.
 * Texts may contain the tokens {studio}, {email} and {phone}; the renderer substitutes the studio's
 * name, team e-mail and formatted WhatsApp number. The Refund Policy's "Last Updated" date is
 * rendered by the page, not stored here.
 */

import type { LegalDocument } from './legal-document';
import { masterclassRefundWindowHours } from './forms/masterclass-terms';
import { privacyNoticeVersion } from './privacy-notice';
import { defaultRetentionDays, periodInWords } from '@/lib/privacy/retention';

/** The forms' names as a visitor knows them. */
const retentionFormNames: Readonly<Record<string, string>> = {
  query: 'Queries',
  'service-request': 'Requests for music composition and other services',
  'pro-audio': 'Studio session requests (recording, mixing, mastering)',
  'talent-show': 'Talent show registrations',
  masterclass: 'Masterclass registrations',
  certification: 'Certification course registrations',
  diploma: 'Diploma course registrations',
};

/** The subject of the refund e-mail links (refund policy and masterclass terms). */
export const refundMailSubject = 'Refund Request';

/** Each form's retention period, as the policy lists it (lib/privacy/retention.ts's defaults). */
const retentionItems = Object.entries(defaultRetentionDays).map(
  ([form, days]) => `${retentionFormNames[form] ?? form}: ${periodInWords(days)}.`,
);

const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  intro:
    'This policy explains what personal information {studio} collects through this website, why we collect it and how we look after it.',
  sections: [
    {
      id: 'introduction',
      heading: 'Introduction',
      blocks: [
        {
          kind: 'p',
          text: '{studio} is a music production studio, institute and record label based in India. When you register for a masterclass, enrol in a course, request a service or send us a query, you share some personal information with us.',
        },
        {
          kind: 'p',
          text: 'We handle that information in line with the Digital Personal Data Protection Act, 2023 and other applicable Indian law. By using this website and submitting our forms, you agree to the practices described here.',
        },
      ],
    },
    {
      id: 'information-we-collect',
      heading: 'Information We Collect',
      blocks: [
        {
          kind: 'p',
          text: 'Personal details: the name, e-mail address and phone number you type into our registration, enrolment, service request and query forms, along with the answers you give in those forms, such as your preferred course, level or the service you need.',
        },
        {
          kind: 'p',
          text: 'Payment details: payments are made by UPI in your own UPI app (for example GPay, PhonePe or Paytm), so this website never sees your bank account, card or UPI PIN. We only receive the UTR or transaction reference and the payment screenshot that you choose to send us, so that we can match your payment to your registration.',
        },
        {
          kind: 'p',
          text: 'Cookies and analytics: when analytics are enabled, we record anonymous page views to understand which pages are useful. We do not use advertising cookies and we do not track you across other websites.',
        },
        {
          kind: 'p',
          text: 'The talent show, the courses and the masterclass may interest people under 18. If you are under 18, a parent or guardian must fill in and submit the form for you; by submitting, they give their consent. We do not track children or show them advertising.',
        },
        {
          kind: 'p',
          text: 'Every form on this site shows, beside its submit button, a short notice of what it collects, why, how long we keep it and whom to contact. The version of that notice is stored with your submission, so we can show which notice you saw. This policy is version {noticeVersion}.',
        },
      ],
    },
    {
      id: 'how-we-use-information',
      heading: 'Use of Information',
      blocks: [
        {
          kind: 'p',
          text: 'We use your information only to run the services you asked for: processing your registrations, replying to your queries, giving you access to courses and masterclasses, verifying your payments and sending you updates about the services you signed up for.',
        },
        {
          kind: 'p',
          text: 'We never sell, rent or trade your personal information. We share it only where we must, for example with a service provider that stores our form data or sends our e-mail for us, or when the law requires it.',
        },
      ],
    },
    {
      id: 'data-protection',
      heading: 'Data Protection',
      blocks: [
        {
          kind: 'p',
          text: "Form submissions can be viewed only by signed-in {studio} staff who need them for their work. All data sent between your browser and this website travels over encrypted (HTTPS) connections. Every time a staff member views, exports, corrects or erases a person's data, it is written to an access log (who, when, and a coded form of whose address, never the address itself), which we keep for one year.",
        },
        {
          kind: 'p',
          text: 'When a form is submitted, our staff receive an e-mail about it. No system is completely secure, but we take reasonable steps to protect what you share with us, and we will tell you and the Data Protection Board without delay if a breach affects your data.',
        },
        {
          kind: 'p',
          text: "Each form's submissions are erased automatically, with their notes, history and e-mail records, once this period has passed since you sent them:",
        },
        { kind: 'ul', items: retentionItems },
        {
          kind: 'p',
          text: "Payments are the exception the law makes: for our tax and accounting records we keep a verified payment's amount, date, payment reference and UTR for 8 years, without your name, e-mail or phone, marked as kept for the tax records. Unverified payment claims are erased with the rest.",
        },
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your Rights',
      blocks: [
        {
          kind: 'p',
          text: 'Under the Digital Personal Data Protection Act, 2023 you have rights over the personal data you have shared with us. You can:',
        },
        {
          kind: 'ul',
          items: [
            'See a summary of the personal data we hold about you, why we hold it and whom we have shared it with, and download it (the "Your data" page, linked in the footer and beside each form).',
            'Ask us to correct information that is wrong or out of date.',
            'Ask us to erase your data. We erase your submissions, notes, history, payment claims and e-mail records, and keep only a coded form of your address with the date, so that we can prove the erasure and apply it again if we ever restore an older backup.',
            'Withdraw your consent, or opt out of marketing messages, at any time.',
            'Complain to our grievance officer and, if we do not resolve it, to the Data Protection Board of India.',
          ],
        },
        {
          kind: 'p',
          text: 'On the "Your data" page you give your e-mail address and we send you a link that works once, for 15 minutes. Only someone who can read that mailbox can see your data; the page answers the same whether or not we hold anything about the address. We answer requests for correction or erasure within 30 days and tell you by e-mail when it is done.',
        },
      ],
    },
    {
      id: 'contact',
      heading: 'Contact Us',
      blocks: [
        {
          kind: 'p',
          text: 'Our grievance officer for privacy requests and complaints is {grievance}, at {grievanceEmail}. For anything else, e-mail us at {email} or message us on WhatsApp at {phone}.',
        },
      ],
    },
  ],
};

/** The privacy policy with the studio's grievance contact and the notice version filled in. */
export function privacyPolicyFor(grievance: { name: string; email: string }): LegalDocument {
  const fill = (text: string) =>
    text
      .replaceAll('{grievanceEmail}', grievance.email)
      .replaceAll('{grievance}', grievance.name)
      .replaceAll('{noticeVersion}', privacyNoticeVersion);
  return {
    ...privacyPolicy,
    sections: privacyPolicy.sections.map((section) => ({
      ...section,
      blocks: section.blocks.map((b) => (b.kind === 'p' ? { ...b, text: fill(b.text) } : b)),
    })),
  };
}

export const legalGuidelines: LegalDocument = {
  title: 'Legal Guidelines',
  intro:
    'These guidelines set out the terms on which you may use the {studio} website, its forms and its content. Please read them before registering, enrolling or requesting a service.',
  sections: [
    {
      id: 'terms-of-use',
      heading: 'Terms of Use',
      blocks: [
        {
          kind: 'p',
          text: 'By using this website you agree to these guidelines. If you do not agree with them, please do not use the website or submit any of its forms.',
        },
        {
          kind: 'p',
          text: 'You must give true and complete information in every form you submit. Course, masterclass and service bookings are also subject to the terms shown on the relevant page, such as the Refund Policy and the Masterclass Terms.',
        },
        {
          kind: 'p',
          text: 'We may update these guidelines from time to time. The version published on this page is the one that applies when you use the website.',
        },
      ],
    },
    {
      id: 'intellectual-property',
      heading: 'Intellectual Property',
      blocks: [
        {
          kind: 'p',
          text: 'All content on this website, including text, graphics, logos, photographs, videos, audio and recordings, belongs to {studio} or to the artists who work with us. You may not copy, reproduce, distribute or reuse it without written permission.',
        },
        {
          kind: 'p',
          text: 'Course material shared with students is for their personal learning only and may not be resold or published. For commissioned work such as composition, recording, mixing or production, what the client owns is set out in the agreement for that project.',
        },
      ],
    },
    {
      id: 'prohibited-activities',
      heading: 'Prohibited Activities',
      blocks: [
        { kind: 'p', text: 'When using this website, you must not:' },
        {
          kind: 'ul',
          items: [
            'Submit false registrations or register in someone else’s name without their consent.',
            'Upload or send music, recordings or other work that you do not have the rights to share.',
            'Attempt to break into the staff dashboard, tamper with the forms or gain access to data that is not yours.',
            'Send spam, bulk messages or automated submissions through our forms.',
            'Scrape, harvest or collect personal data about other users or artists.',
            'Upload viruses or other harmful code, or do anything that disrupts the website.',
            'Use the website for any purpose that is unlawful under Indian law.',
          ],
        },
        {
          kind: 'p',
          text: 'We may refuse service, cancel registrations or take legal action against anyone who breaks these rules.',
        },
      ],
    },
    {
      id: 'liability-disclaimer',
      heading: 'Liability Disclaimer',
      blocks: [
        {
          kind: 'p',
          text: 'We work to keep the information on this website accurate and up to date, but it is provided "as is" and may change without notice. Course schedules, fees and offers are confirmed only when our team confirms your booking.',
        },
        {
          kind: 'p',
          text: 'To the extent permitted by law, {studio} is not liable for any indirect or consequential loss arising from your use of this website, or for interruptions caused by your internet connection, payment app or other services outside our control.',
        },
        {
          kind: 'p',
          text: 'Links to social media and other third-party websites are provided for convenience. We are not responsible for their content or privacy practices.',
        },
      ],
    },
    {
      id: 'governing-law',
      heading: 'Governing Law',
      blocks: [
        {
          kind: 'p',
          text: 'These guidelines are governed by the laws of India. Any dispute arising from them or from your use of this website falls under the exclusive jurisdiction of the courts of the city where {studio} is registered.',
        },
      ],
    },
    {
      id: 'contact',
      heading: 'Contact',
      blocks: [
        {
          kind: 'p',
          text: 'For questions about these guidelines, or to ask permission to use our content, e-mail {email} or message us on WhatsApp at {phone}.',
        },
      ],
    },
  ],
};

export const refundPolicy: LegalDocument = {
  title: 'Refund Policy',
  intro:
    'This policy explains when {studio} can refund a payment and how to ask for one. Please read it before you pay for a product, course or service.',
  sections: [
    {
      id: 'digital-products',
      heading: 'Digital Products',
      blocks: [
        {
          kind: 'p',
          text: 'All sales of digital products, such as downloadable files and e-guides, are final. Because they are delivered instantly and cannot be returned, digital products are non-refundable.',
        },
      ],
    },
    {
      id: 'studio-services',
      heading: 'Studio Services',
      blocks: [
        {
          kind: 'p',
          text: 'Studio services, such as music composition, recording, mixing and mastering, are refundable if you request the refund within 12 hours of purchase. Requests received after 12 hours cannot be accepted.',
        },
      ],
    },
    {
      id: 'how-to-request',
      heading: 'How to Request a Refund',
      blocks: [
        {
          kind: 'p',
          text: 'Send an e-mail to {email} with the subject line "Refund Request" and include:',
        },
        {
          kind: 'ul',
          items: [
            'Your full name.',
            'The e-mail address you used for the purchase.',
            'The name of the service you paid for.',
            'The reason for your refund request.',
          ],
        },
        {
          kind: 'p',
          text: 'Our team will check your request against this policy and reply by e-mail. Including your UPI transaction reference (UTR) helps us find your payment faster.',
        },
      ],
    },
    {
      id: 'courses-and-memberships',
      heading: 'Digital Courses and Memberships',
      blocks: [
        {
          kind: 'p',
          text: 'Digital courses and memberships are not refundable once purchased. Please go through the course details and FAQs, or ask us your questions, before you pay.',
        },
      ],
    },
    {
      id: 'masterclass',
      heading: 'Masterclass',
      blocks: [
        {
          kind: 'p',
          text: `The masterclass has its own refund terms; see the Masterclass Terms. In short, a refund must be requested within ${masterclassRefundWindowHours} hours of attending the session, and is given only if the masterclass did not deliver the promised educational value.`,
        },
      ],
    },
    {
      id: 'refund-method',
      heading: 'How Refunds Are Paid',
      blocks: [
        {
          kind: 'p',
          text: 'Approved refunds are paid only to the original payment method, which for most payments is the UPI account you paid from. We cannot send a refund to a different account or person.',
        },
      ],
    },
    {
      id: 'contact',
      heading: 'Contact',
      blocks: [
        {
          kind: 'p',
          text: 'If you have any question about this policy or about a refund you have requested, e-mail {email} or message us on WhatsApp at {phone}.',
        },
      ],
    },
  ],
};
