import { array, object, string } from 'yup';
import {
  certificationCourses,
  daws,
  diplomaCourses,
  learningModes,
  optionValues,
  OTHER_DAW,
} from '@/content/forms/options';
import { text } from '../rules';

/** Field messages (spec §5) and outcome messages (spec §8) of the certification registration. */
export const certificationMessages = {
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

export const certificationInitialValues: CertificationValues = {
  fullName: '',
  email: '',
  phone: '',
  courses: [],
  mode: '',
  daw: [],
  otherDaw: '',
  goals: '',
  experience: '',
  finalNotes: '',
  hearAboutUs: '',
};

/** Every course the certification form offers: the certification levels and the diplomas. */
export const certificationFormCourses = [...optionValues(certificationCourses), ...optionValues(diplomaCourses)];
export const dawValues = optionValues(daws);

const m = certificationMessages;

/** Letters (any script) and spaces only. */
const LETTERS_AND_SPACES = /^[\p{L}\p{M} ]+$/u;

export const certificationRules = {
  fullName: text().required(m.nameRequired).min(2, m.nameMin).matches(LETTERS_AND_SPACES, m.nameLetters),
  email: text().required(m.emailRequired).email(m.emailInvalid),
  phone: text().matches(/^(\d{10})?$/, m.phoneDigits),
  mode: text().required(m.mode).oneOf(optionValues(learningModes), m.mode),
  goals: text().required(m.goals),
  experience: text(),
  finalNotes: text(),
  hearAboutUs: text().required(m.hearAboutUs),
};

export const certificationSchema = object({
  ...certificationRules,
  courses: array(string().required().oneOf(certificationFormCourses, m.courses)).default([]).min(1, m.courses),
  daw: array(string().required().oneOf(dawValues, m.daw)).default([]).min(1, m.daw),
  otherDaw: text().when('daw', {
    is: (chosen: string[] | undefined) => chosen?.includes(OTHER_DAW) ?? false,
    then: (s) => s.required(m.otherDaw),
  }),
});
