import { certificationCourses, daws, diplomaCourses, OTHER_DAW } from '@/content/forms/options';
import { courseOutcomeMessages, experienceField } from '../courses';
import { defineForm } from '../declaration';
import { choicesField, emailField, learningModeField, mobileField, nameField, notesField, textField } from '../fields';
import { MAX } from '../limits';
import { text } from '../rules';
import { lettersAndSpaces } from '../typing';

/** Field messages (spec §5) and outcome messages (spec §8) of the certification registration. */
const m = {
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
  ...courseOutcomeMessages,
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

const courseGroups = [
  { heading: 'Certification courses', options: certificationCourses },
  { heading: 'Diploma courses', options: diplomaCourses },
];

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
    choicesField(
      { key: 'courses', payloadKey: 'Courses', label: 'Courses', max: MAX.long, groups: courseGroups },
      m.courses,
    ),
    learningModeField(m.mode),
    choicesField(
      { key: 'daw', payloadKey: 'DAW', label: 'DAW you use or want to learn', max: MAX.short, options: daws },
      m.daw,
    ),
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
    notesField('goals', 'Goals', 'Your goals', { required: true, rule: text().required(m.goals) }),
    experienceField(),
    notesField('finalNotes', 'FinalNotes', 'Anything else we should know? (optional)'),
    textField('hearAboutUs', 'HearAboutUs', 'How did you hear about us?', text().required(m.hearAboutUs)),
  ],
});
