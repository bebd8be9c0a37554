import { optionValues, performanceTypes, talentCategories } from '@/content/forms/options';
import { talentShow } from '@/content/forms/talent-show';
import { defineForm, type FieldDeclaration } from '../declaration';
import { emailField, nameField } from '../fields';
import { MAX } from '../limits';
import { BROWSER_EMAIL, text } from '../rules';

/** Field messages (spec §5) and outcome messages (spec §8) of the talent show registration. */
const m = {
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

/** A required link (demo, photo), with the shared hint about sharing settings. */
const linkField = (
  key: 'demoLink' | 'photoLink',
  payloadKey: string,
  label: string,
): FieldDeclaration<TalentShowValues> => ({
  key,
  payloadKey,
  label,
  control: 'url',
  required: true,
  max: MAX.link,
  rule: required(),
  inputMode: 'url',
  hint: talentShow.linksHint,
});
const required = () => text().required(m.required);

/** The talent show registration (the reading with a demo link and a photo or logo link). */
export const talentShowForm = defineForm<TalentShowValues, 'talent-show'>({
  name: 'talent-show',
  page: '/one11Register',
  title: 'Talent show registration',
  transport: 'json',
  lists: 'joined',
  timestamp: 'last',
  messages: m,
  successPath: '/submission-successfully/talent-show',
  fields: [
    nameField(required(), { key: 'fullName', payloadKey: 'FullName', label: 'Full name', half: true }),
    {
      key: 'stageName',
      payloadKey: 'StageName',
      label: 'Stage name',
      control: 'text',
      required: true,
      max: MAX.name,
      rule: required(),
      autoComplete: 'nickname',
      half: true,
    },
    // The prefilled "+91" alone is not a number yet.
    {
      key: 'contactNumber',
      payloadKey: 'ContactNumber',
      label: 'Contact number',
      role: 'phone',
      control: 'tel',
      required: true,
      max: MAX.phone,
      initial: CONTACT_PREFIX,
      rule: required().test('not-prefix-only', m.required, (v) => v !== CONTACT_PREFIX),
      autoComplete: 'tel',
      inputMode: 'tel',
      half: true,
    },
    emailField(required().matches(BROWSER_EMAIL, m.email), { half: true }),
    {
      key: 'category',
      payloadKey: 'Category',
      label: 'Category',
      control: 'select',
      required: true,
      max: MAX.short,
      options: talentCategories,
      rule: required().oneOf(optionValues(talentCategories), m.required),
      half: true,
    },
    {
      key: 'performanceType',
      payloadKey: 'PerformanceType',
      label: 'Performance type',
      control: 'select',
      required: true,
      max: MAX.short,
      options: performanceTypes,
      rule: required().oneOf(optionValues(performanceTypes), m.required),
      half: true,
    },
    linkField('demoLink', 'DemoLink', 'Demo link'),
    linkField('photoLink', 'PhotoLink', 'Photo or logo link'),
    {
      key: 'bio',
      payloadKey: 'Bio',
      label: 'Bio',
      control: 'textarea',
      required: true,
      max: MAX.long,
      rule: required(),
      rows: 4,
    },
    {
      key: 'signature',
      payloadKey: 'Signature',
      label: 'Signature (type your full name)',
      control: 'text',
      required: true,
      max: MAX.name,
      rule: required(),
      autoComplete: 'name',
    },
  ],
});
