/** Headings and introductions of the form pages, and the copy of /submission and /institute/Music-certificate. */

export interface FormPageCopy {
  readonly eyebrow: string;
  readonly heading: string;
  readonly lead: string;
}

export const queryPage: FormPageCopy = {
  eyebrow: 'Ask us anything',
  heading: 'Submit Your Query',
  lead: 'Questions about a course, a service or the studio? Write to us and our team will get back to you.',
};

export const serviceRequestPage: FormPageCopy = {
  eyebrow: 'Studio services',
  heading: 'Request Music Composition',
  lead: 'Tell us about your project: what you need, where it will be released and how it should feel. Our team will review it and get in touch.',
};

/** The institute's two registration pages: one eyebrow, and the same last sentence about the fee. */
function registrationPage(heading: string, lead: string): FormPageCopy {
  return {
    eyebrow: 'Institute',
    heading,
    lead: `${lead} After registering you pay the registration fee on the next page.`,
  };
}

export const certificationPage = registrationPage(
  'Certification Course Registration',
  'Register for a certification or diploma course in music production.',
);

export const diplomaPage = registrationPage(
  'Diploma Course Registration',
  'Register for a professional diploma course.',
);

/** /submission: the hub of every form, for a visitor who lands on the bare address. */
export const submissionHub = {
  eyebrow: 'Forms',
  heading: 'Register, Enrol or Ask',
  lead: 'Choose what you would like to send us. Each form takes a few minutes, and what you type is kept in this browser tab until you send it.',
  items: [
    {
      href: '/masterclass',
      title: 'Join the masterclass',
      text: 'Sign up for the 2-hour live online music production masterclass.',
    },
    {
      href: '/institute/Music-course-form',
      title: 'Enrol in a certification course',
      text: 'Register for a certification or diploma course in music production.',
    },
    {
      href: '/institute/diploma-course-form',
      title: 'Enrol in a diploma course',
      text: 'Register for one of the five professional diplomas.',
    },
    {
      href: '/one11Register',
      title: 'Register for the talent show',
      text: 'Perform live as a band, singer-songwriter, rapper, DJ or instrumentalist.',
    },
    {
      href: '/request-form',
      title: 'Request a studio service',
      text: 'Composition, recording, mixing, mastering, video and more.',
    },
    { href: '/query', title: 'Send a query', text: 'Ask us anything about the studio, the institute or the label.' },
  ],
} as const;

/** /institute/Music-certificate: what the certificate is and how to earn it. {fee} and {gst} are filled by the page. */
export const certificatePage = {
  eyebrow: 'Institute',
  heading: 'Music Production Certificate',
  lead: 'Every certification course at the institute ends with a certificate that shows what you can do in music production.',
  factsHeading: 'The course behind the certificate',
  facts: [
    'Course length: 8-12 weeks',
    'Classes of 2-3 hours',
    'Online and offline batches',
    'A certificate on completion',
  ],
  levelsHeading: 'Four levels',
  levelsText: 'Start where you are: Basic, Intermediate, Advanced or Professional Music Production.',
  stepsHeading: 'How to enrol',
  steps: [
    'Fill in the registration form and choose your course and learning mode.',
    'Pay the registration fee of {fee} + {gst}% GST, valid for all courses and diplomas.',
    'Send us your payment details; our team confirms your batch and schedule.',
  ],
  enrollLabel: 'Enroll Now',
  compareLabel: 'Compare the certification courses',
} as const;
