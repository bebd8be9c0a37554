import { array, string } from 'yup';
import { certificationCourses, daws, diplomaCourses, optionValues, OTHER_DAW } from '@/content/forms/options';
import { defineForm } from '../declaration';
import { emailField, experienceField, learningModeField, mobileField, nameField } from '../fields';
import { MAX } from '../limits';
import { text } from '../rules';
import { lettersAndSpaces } from '../typing';

/** Field messages (spec §5) and outcome messages (spec §8) of the certification registration. */
const certificationMessages = {
  nameRequired: 'Full name is required',
  nameMin: 'Full name must be at least 2 characters',
  nameLetters: 'Full name should contain only letters and spaces',
  /** Not given by the spec ("required, with a format check"); worded as its other e-mail messages. */
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  phoneDigits: 'Phone number must be exactly 10 digits',
  courses: 'Please select at least one course',
  mode: 'Select a learning mode',
  daw: 'Select at least one DAW',
  otherDaw: 'Specify the other DAW',
  goals: 'Goals are required',
  hearAboutUs: 'Please tell us how you heard about us',
  submit: 'Register',
  busy: 'Submitting...',
  success: 'Registration submitted successfully!',
  failed: 'An error occurred. Please try again later.',
  networkError: 'An error occurred. Please try again later.',
} as const;

export interface CertificationValues {
  fullName: string;
  email: string;
  phone: string;
  courses: string[];
  mode: string;
  daw: string[];
  otherDaw: string;
  goals: string;
  experience: string;
  finalNotes: string;
  hearAboutUs: string;
}

const m = certificationMessages;
const courseGroups = [
  { heading: 'Certification courses', options: certificationCourses },
  { heading: 'Diploma courses', options: diplomaCourses },
];
const courseValues = [...optionValues(certificationCourses), ...optionValues(diplomaCourses)];

/** Letters (any script) and spaces only. */
const LETTERS_AND_SPACES = /^[\p{L}\p{M} ]+$/u;

/** The certification registration (also offers the diplomas); success goes to /institute/course-payment. */
export const certificationForm = defineForm<CertificationValues, 'certification'>({
  name: 'certification',
  page: '/institute/Music-certificate-form',
  title: 'Certification course registration',
  transport: 'script',
  lists: 'joined',
  timestamp: 'first',
  messages: m,
  successPath: '/institute/course-payment',
  fields: [
    nameField(text().required(m.nameRequired).min(2, m.nameMin).matches(LETTERS_AND_SPACES, m.nameLetters), {
      key: 'fullName',
      label: 'Full name',
      typing: lettersAndSpaces,
      hint: 'Letters and spaces only.',
    }),
    emailField(text().required(m.emailRequired).email(m.emailInvalid), { half: true }),
    mobileField(text().matches(/^(\d{10})?$/, m.phoneDigits), {
      label: 'Phone (optional)',
      required: false,
      half: true,
    }),
    {
      key: 'courses',
      payloadKey: 'Courses',
      label: 'Courses',
      control: 'checkboxes',
      required: true,
      max: MAX.long,
      groups: courseGroups,
      rule: array(string().required().oneOf(courseValues, m.courses)).default([]).min(1, m.courses),
      hint: 'Choose one or more.',
    },
    learningModeField(m.mode),
    {
      key: 'daw',
      payloadKey: 'DAW',
      label: 'DAW you use or want to learn',
      control: 'checkboxes',
      required: true,
      max: MAX.short,
      options: daws,
      rule: array(string().required().oneOf(optionValues(daws), m.daw))
        .default([])
        .min(1, m.daw),
      hint: 'Choose one or more.',
    },
    {
      key: 'otherDaw',
      payloadKey: 'OtherDAW',
      label: 'Other DAW',
      control: 'text',
      required: true,
      max: MAX.short,
      shownWhen: (v) => v.daw.includes(OTHER_DAW),
      rule: text().when('daw', {
        is: (chosen: string[] | undefined) => chosen?.includes(OTHER_DAW) ?? false,
        // biome-ignore lint/suspicious/noThenProperty: yup's conditional rule is written with `then`.
        then: (s) => s.required(m.otherDaw),
      }),
    },
    {
      key: 'goals',
      payloadKey: 'Goals',
      label: 'Your goals',
      control: 'textarea',
      required: true,
      max: MAX.long,
      rule: text().required(m.goals),
      rows: 3,
    },
    experienceField(),
    {
      key: 'finalNotes',
      payloadKey: 'FinalNotes',
      label: 'Anything else we should know? (optional)',
      control: 'textarea',
      max: MAX.long,
      rule: text(),
      rows: 3,
    },
    {
      key: 'hearAboutUs',
      payloadKey: 'HearAboutUs',
      label: 'How did you hear about us?',
      control: 'text',
      required: true,
      max: MAX.short,
      rule: text().required(m.hearAboutUs),
    },
  ],
});
