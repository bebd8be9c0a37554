import { array, object, string } from 'yup';
import { diplomaCourses, learningModes, optionValues } from '@/content/forms/options';
import { TEN_DIGITS, text } from '../rules';
import { hasDigit } from '../typing';

/** Field messages (spec §5) and outcome messages (spec §8) of the diploma registration. */
export const diplomaMessages = {
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
  submit: 'Register',
  busy: 'Submitting...',
  success: 'Registration submitted successfully!',
  failed: 'An error occurred. Please try again later.',
  networkError: 'An error occurred. Please try again later.',
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

export const diplomaInitialValues: DiplomaValues = {
  name: '',
  email: '',
  phone: '',
  courses: [],
  mode: '',
  goals: '',
  experience: '',
};

export const diplomaCourseValues = optionValues(diplomaCourses);

const m = diplomaMessages;

export const diplomaRules = {
  name: text()
    .required(m.nameRequired)
    .test('no-digits', m.nameDigits, (v) => !hasDigit(v)),
  email: text().required(m.emailRequired).email(m.emailInvalid),
  phone: text().required(m.phoneRequired).matches(TEN_DIGITS, m.phoneDigits),
  mode: text().required(m.mode).oneOf(optionValues(learningModes), m.mode),
  goals: text(),
  experience: text(),
};

export const diplomaSchema = object({
  ...diplomaRules,
  courses: array(string().required().oneOf(diplomaCourseValues, m.courses)).default([]).min(1, m.courses),
});
