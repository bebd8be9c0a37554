import { optionValues, projectTypes } from '@/content/forms/options';
import { defineForm } from '../declaration';
import { emailField, mobileField, nameField, notesField, textField } from '../fields';
import { MAX } from '../limits';
import { TEN_DIGITS, text } from '../rules';

/** Field messages (spec §5) and outcome messages (spec §8) of the service request form. */
const m = {
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

/** The service request form: checked on each change; success goes to /Services-Thanku. */
export const serviceRequestForm = defineForm<ServiceRequestValues, 'service-request'>({
  name: 'service-request',
  page: '/request-form',
  title: 'Service request',
  transport: 'script',
  lists: 'joined',
  timestamp: 'last',
  messages: m,
  successPath: '/Services-Thanku',
  fields: [
    nameField(text().required(m.nameRequired).min(2, m.nameMin), { half: true }),
    emailField(text().required(m.emailRequired).email(m.emailInvalid), { half: true }),
    mobileField(text().required(m.phoneRequired).matches(TEN_DIGITS, m.phoneDigits), { half: true }),
    {
      key: 'social',
      payloadKey: 'Social',
      label: 'Social media handle or link (optional)',
      control: 'text',
      max: MAX.link,
      rule: text(),
      half: true,
    },
    {
      key: 'projectType',
      payloadKey: 'ProjectType',
      label: 'Project type',
      control: 'select',
      required: true,
      max: MAX.short,
      options: projectTypes,
      rule: text().required(m.projectType).oneOf(optionValues(projectTypes), m.projectType),
    },
    textField('platform', 'Platform', 'Platform', text().required(m.platform), {
      hint: 'Where will it be released or used? For example Spotify, YouTube, a film or an ad.',
    }),
    textField('mood', 'Mood', 'Mood', text().required(m.mood), {
      hint: 'How should it feel? For example upbeat, dark, romantic.',
    }),
    notesField('referenceLinks', 'ReferenceLinks', 'Reference links', {
      required: true,
      rule: text().required(m.referenceLinks),
      hint: 'Links to songs or videos close to what you have in mind.',
    }),
    notesField('additionalInfo', 'AdditionalInfo', 'Additional info', {
      required: true,
      rule: text().required(m.additionalInfo),
      rows: 4,
    }),
    textField('heardFrom', 'HeardFrom', 'How did you hear about us?', text().required(m.heardFrom)),
  ],
});
