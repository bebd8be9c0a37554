import { object } from 'yup';
import { optionValues, performanceTypes, talentCategories } from '@/content/forms/options';
import { BROWSER_EMAIL, text } from '../rules';

/** Field messages (spec §5) and outcome messages (spec §8) of the talent show registration. */
export const talentShowMessages = {
  required: 'Required',
  /** The spec relies on the browser's e-mail check here; this is the spec's own wording for it elsewhere. */
  email: 'Invalid email format',
  submit: 'Register',
  busy: 'Submitting...',
  success: 'Form submitted successfully!',
  failed: 'Submission failed. Try again later.',
  networkError: 'Submission error. Try again later.',
} as const;

export interface TalentShowValues {
  fullName: string;
  contactNumber: string;
  stageName: string;
  email: string;
  category: string;
  performanceType: string;
  demoLink: string;
  photoLink: string;
  bio: string;
  signature: string;
}

/** The prefix the contact number starts with. */
const CONTACT_PREFIX = '+91';

export const talentShowInitialValues: TalentShowValues = {
  fullName: '',
  contactNumber: CONTACT_PREFIX,
  stageName: '',
  email: '',
  category: '',
  performanceType: '',
  demoLink: '',
  photoLink: '',
  bio: '',
  signature: '',
};

const m = talentShowMessages;
const required = () => text().required(m.required);

/** The rules of each field, shared by the values schema and the payload schema. */
export const talentShowRules = {
  fullName: required(),
  // The prefilled "+91" alone is not a number yet.
  contactNumber: required().test('not-prefix-only', m.required, (v) => v !== CONTACT_PREFIX),
  stageName: required(),
  email: required().matches(BROWSER_EMAIL, m.email),
  category: required().oneOf(optionValues(talentCategories), m.required),
  performanceType: required().oneOf(optionValues(performanceTypes), m.required),
  demoLink: required(),
  photoLink: required(),
  bio: required(),
  signature: required(),
};

export const talentShowSchema = object(talentShowRules);
