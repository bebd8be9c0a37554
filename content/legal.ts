/**
 * Copy for the three legal pages: Privacy Policy, Legal Guidelines and Refund Policy.
 * Texts may contain the tokens {studio}, {email} and {phone}; the renderer substitutes the studio's
 * name, team e-mail and formatted WhatsApp number. The Refund Policy's "Last Updated" date is
 * rendered by the page, not stored here.
 */

/** The subject of the refund e-mail links (refund policy and masterclass terms). */
export const refundMailSubject = 'Refund Request';

type LegalBlock = { kind: 'p'; text: string } | { kind: 'ul'; items: readonly string[] };

interface LegalSection {
  id: string;
  heading: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  title: string;
  intro: string;
  sections: readonly LegalSection[];
}

export const privacyPolicy: LegalDocument = {
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
          text: 'We never sell, rent or trade your personal information. We share it only where we must, for example with a service provider that stores our form data for us, or when the law requires it.',
        },
      ],
    },
    {
      id: 'data-protection',
      heading: 'Data Protection',
      blocks: [
        {
          kind: 'p',
          text: 'Form submissions can be viewed only by signed-in {studio} staff who need them for their work. All data sent between your browser and this website travels over encrypted (HTTPS) connections.',
        },
        {
          kind: 'p',
          text: 'We keep your information only for as long as we need it to provide our services, meet our legal and accounting obligations or resolve disputes, and then delete it. No system is completely secure, but we take reasonable steps to protect what you share with us.',
        },
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your Rights',
      blocks: [
        {
          kind: 'p',
          text: 'Under the Digital Personal Data Protection Act, 2023 you have rights over the personal data you have shared with us. You can ask us to:',
        },
        {
          kind: 'ul',
          items: [
            'Access the personal information we hold about you.',
            'Update or correct information that is wrong or out of date.',
            'Delete your information when we no longer need it for a service or legal obligation.',
            'Stop sending you marketing messages (opt out) at any time.',
            'Tell you what data we hold about you, why we hold it and who we have shared it with.',
          ],
        },
        {
          kind: 'p',
          text: 'To use any of these rights, write to {email}. We may ask you to confirm your identity before acting on the request.',
        },
      ],
    },
    {
      id: 'contact',
      heading: 'Contact Us',
      blocks: [
        {
          kind: 'p',
          text: 'If you have any question or complaint about this policy or about how we handle your data, e-mail us at {email} or message us on WhatsApp at {phone}.',
        },
      ],
    },
  ],
};

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
          text: 'The masterclass has its own refund terms; see the Masterclass Terms. In short, a refund must be requested within 24 hours of attending the session, and is given only if the masterclass did not deliver the promised educational value.',
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
