/**
 * Copy for the two thank-you pages. Texts may contain the token {studio}, which the renderer
 * replaces with the studio's name.
 */

export interface ThankYouCopy {
  heading: string;
  lead: string;
  body: readonly string[];
  socialPrompt: string;
}

/** /submission-successfully — after a masterclass or talent show registration, and after "I've Sent My Details" on the course payment page. */
export const registrationThanks: ThankYouCopy = {
  heading: 'Thank You for Registering!',
  lead: 'Your masterclass registration has been received.',
  body: [
    'Our team will share the access link, schedule and resources with you by e-mail or WhatsApp before the session.',
    'If you have sent us your course payment details, our team will verify the payment and confirm your seat.',
  ],
  socialPrompt: 'Follow {studio} on social media for updates, announcements and behind-the-scenes moments.',
};

/** /submission-successfully/talent-show (also ?for=talent-show) — after a talent show registration. */
export const talentShowThanks: ThankYouCopy = {
  heading: 'Thank You for Registering!',
  lead: 'Your talent show registration has been received.',
  body: [
    'Our team will review your demo and get in touch by e-mail or WhatsApp with the next steps and the show schedule.',
  ],
  socialPrompt: 'Follow {studio} on social media for updates, announcements and behind-the-scenes moments.',
};

/** /submission-successfully/course (also ?for=course) — after "I've Sent My Details" on the course payment page. */
export const courseThanks: ThankYouCopy = {
  heading: 'Thank You for Registering!',
  lead: 'Your course registration has been received.',
  body: [
    'Our team will verify your payment and confirm your seat, then share the schedule and what to bring by e-mail or WhatsApp.',
  ],
  socialPrompt: 'Follow {studio} on social media for updates, announcements and behind-the-scenes moments.',
};

/** /Services-Thanku — after a service request. */
export const serviceRequestThanks: ThankYouCopy = {
  heading: 'Request Received!',
  lead: 'Your request for services has been received.',
  body: ['Our team will review your requirements and get in touch with you shortly to discuss the next steps.'],
  socialPrompt: 'Meanwhile, follow {studio} on social media to see our latest work and updates.',
};
