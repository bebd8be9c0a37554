import { array, string } from 'yup';
import { defineForm } from '../declaration';
import { emailField } from '../fields';
import { MAX } from '../limits';
import { BASIC_EMAIL, text } from '../rules';

/** Days and times a client can come in, as the form lists them. */
const availabilityOptions = ['Weekdays', 'Weekends', 'Evenings'].map((value) => ({ value, label: value }));
/** Services a client can add to a recording, as the form lists them. */
const additionalServiceOptions = ['Editing', 'Mixing', 'Mastering'].map((value) => ({ value, label: value }));

const phonePattern = /^\+?[0-9][0-9 ()-]{5,18}[0-9]$/;

/** The JSON body the form sends to POST /pro-audio-form/save-form.php (the spec's keys). */
export interface ProAudioPayload {
  fullName: string;
  email: string;
  phone: string;
  availability: string[];
  additionalServices: string[];
  budget: string;
  message: string;
}

/** A stored submission as GET /pro-audio-form/save-form.php returns it (the spec's row keys). */
export interface ProAudioRow {
  id: number;
  full_name: string;
  email: string;
  phone: string;
  availability: string[];
  additional_services: string[];
  budget: string;
  message: string;
  /** When the service stored it (ISO 8601); not in the spec's row, added for staff. */
  received_at: string;
}

/** The spec's success message, also the fallback when the server's answer has none. */
export const proAudioSuccessMessage = 'Form submitted successfully!';

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');
const listOf = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);

/** A stored submission (its payload as the form sent it) as the spec's row. */
export function proAudioRowOf(row: {
  id: number;
  payload: Readonly<Record<string, unknown>>;
  received_at: string;
}): ProAudioRow {
  const p = row.payload;
  return {
    id: row.id,
    full_name: textOf(p.fullName),
    email: textOf(p.email),
    phone: textOf(p.phone),
    availability: listOf(p.availability),
    additional_services: listOf(p.additionalServices),
    budget: textOf(p.budget),
    message: textOf(p.message),
    received_at: row.received_at,
  };
}

const choice = (options: readonly { value: string }[], message: string) =>
  array(
    string()
      .required()
      .oneOf(
        options.map((o) => o.value),
        message,
      ),
  ).default([]);

/**
 * The pro audio form (§3). The spec asks only that name, e-mail and phone be present; the formats
 * and limits are ours, lenient enough for any real entry (a phone may carry +91, spaces or hyphens).
 * On success the page shows the server's message; on any failure "Error submitting form.".
 */
export const proAudioForm = defineForm<ProAudioPayload, 'pro-audio'>({
  name: 'pro-audio',
  page: '/pro-audio-recording-form',
  title: 'Pro audio requests',
  transport: 'json',
  lists: 'array',
  messages: {
    submit: 'Submit',
    busy: 'Submitting...',
    success: proAudioSuccessMessage,
    failed: 'Error submitting form.',
    networkError: 'Error submitting form.',
  },
  fields: [
    {
      key: 'fullName',
      payloadKey: 'fullName',
      label: 'Full name',
      role: 'name',
      control: 'text',
      required: true,
      max: MAX.name,
      rule: text()
        .required('Full name is required')
        .max(MAX.name, `Full name should not exceed ${MAX.name} characters`),
      autoComplete: 'name',
    },
    emailField(text().required('Email is required').matches(BASIC_EMAIL, 'Invalid email format'), {
      payloadKey: 'email',
    }),
    {
      key: 'phone',
      payloadKey: 'phone',
      label: 'Phone',
      role: 'phone',
      control: 'tel',
      required: true,
      max: 20,
      rule: text().required('Phone is required').matches(phonePattern, 'Enter a valid phone number'),
      autoComplete: 'tel',
      inputMode: 'tel',
    },
    {
      key: 'availability',
      payloadKey: 'availability',
      label: 'Availability',
      control: 'checkboxes',
      max: MAX.short,
      options: availabilityOptions,
      rule: choice(availabilityOptions, 'Choose from Weekdays, Weekends and Evenings'),
    },
    {
      key: 'additionalServices',
      payloadKey: 'additionalServices',
      label: 'Additional services',
      control: 'checkboxes',
      max: MAX.short,
      options: additionalServiceOptions,
      rule: choice(additionalServiceOptions, 'Choose from Editing, Mixing and Mastering'),
    },
    {
      key: 'budget',
      payloadKey: 'budget',
      label: 'Budget',
      control: 'text',
      max: MAX.name,
      rule: text().max(MAX.name, `Budget should not exceed ${MAX.name} characters`),
    },
    {
      key: 'message',
      payloadKey: 'message',
      label: 'Message',
      control: 'textarea',
      max: 3000,
      rule: text().max(3000, 'Message should not exceed 3000 characters'),
      rows: 5,
    },
  ],
});
