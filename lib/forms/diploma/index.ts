import { diplomaCourses } from '@/content/forms/options';
import { courseOutcomeMessages, experienceField } from '../courses';
import { defineForm } from '../declaration';
import { choicesField, emailField, learningModeField, mobileField, nameField, notesField } from '../fields';
import { MAX } from '../limits';
import { TEN_DIGITS, text } from '../rules';
import { hasDigit } from '../typing';

/** Field messages (spec §5) and outcome messages (spec §8) of the diploma registration. */
const m = {
  /** Not given by the spec; worded as its other "is required" messages. */
  nameRequired: 'Name is required',
  nameDigits: 'Name cannot contain numbers',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is not valid',
  /** Not given by the spec; worded as its other "is required" messages. */
  phoneRequired: 'Phone number is required',
  phoneDigits: 'Phone number must be 10 digits',
  courses: 'Select at least one course',
  mode: 'Select learning mode',
  ...courseOutcomeMessages,
} as const;

export interface DiplomaValues {
  name: string;
  email: string;
  phone: string;
  courses: string[];
  mode: string;
  goals: string;
  experience: string;
}

/** The diploma registration: posted to a script endpoint as a simple request, or to the inbox. */
export const diplomaForm = defineForm<DiplomaValues, 'diploma'>({
  name: 'diploma',
  page: '/institute/diploma-course-form',
  title: 'Diploma course registration',
  transport: 'script',
  lists: 'joined',
  timestamp: 'last',
  messages: m,
  successPath: '/institute/course-payment',
  fields: [
    nameField(
      text()
        .required(m.nameRequired)
        .test('no-digits', m.nameDigits, (v) => !hasDigit(v)),
    ),
    emailField(text().required(m.emailRequired).email(m.emailInvalid), { half: true }),
    mobileField(text().required(m.phoneRequired).matches(TEN_DIGITS, m.phoneDigits), { half: true }),
    choicesField(
      { key: 'courses', payloadKey: 'Courses', label: 'Diploma courses', max: MAX.long, options: diplomaCourses },
      m.courses,
    ),
    learningModeField(m.mode),
    notesField('goals', 'Goals', 'Your goals (optional)'),
    experienceField(),
  ],
});
