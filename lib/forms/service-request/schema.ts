import { object } from 'yup';
import { optionValues, projectTypes } from '@/content/forms/options';
import { TEN_DIGITS, text } from '../rules';

/** Field messages (spec §5) and outcome messages (spec §8) of the service request form. */
export const serviceRequestMessages = {
  nameRequired: 'Name is required',
  nameMin: 'Name must be at least 2 characters',
  /** Not given by the spec; worded as its other "is required" messages. */
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  /** Not given by the spec; worded as its other "is required" messages. */
  phoneRequired: 'Phone number is required',
  phoneDigits: 'Phone number must be exactly 10 digits',
  projectType: 'Please select a project type',
  platform: 'Platform is required',
  mood: 'Mood is required',
  referenceLinks: 'Reference links are required',
  additionalInfo: 'Additional info is required',
  heardFrom: 'This field is required',
  submit: 'Submit Request',
  busy: 'Submitting...',
  failed: 'Submission error. Try again later.',
  networkError: 'Submission error. Try again later.',
} as const;

export interface ServiceRequestValues {
  name: string;
  email: string;
  phone: string;
  social: string;
  projectType: string;
  platform: string;
  mood: string;
  referenceLinks: string;
  additionalInfo: string;
  heardFrom: string;
}

export const serviceRequestInitialValues: ServiceRequestValues = {
  name: '',
  email: '',
  phone: '',
  social: '',
  projectType: '',
  platform: '',
  mood: '',
  referenceLinks: '',
  additionalInfo: '',
  heardFrom: '',
};

const m = serviceRequestMessages;

export const serviceRequestRules = {
  name: text().required(m.nameRequired).min(2, m.nameMin),
  email: text().required(m.emailRequired).email(m.emailInvalid),
  phone: text().required(m.phoneRequired).matches(TEN_DIGITS, m.phoneDigits),
  social: text(),
  projectType: text().required(m.projectType).oneOf(optionValues(projectTypes), m.projectType),
  platform: text().required(m.platform),
  mood: text().required(m.mood),
  referenceLinks: text().required(m.referenceLinks),
  additionalInfo: text().required(m.additionalInfo),
  heardFrom: text().required(m.heardFrom),
};

export const serviceRequestSchema = object(serviceRequestRules);
