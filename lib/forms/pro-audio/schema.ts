import { array, object, string, type InferType } from 'yup';

/** Days and times a client can come in, as the form lists them. */
export const availabilityOptions = ['Weekdays', 'Weekends', 'Evenings'] as const;
/** Services a client can add to a recording, as the form lists them. */
export const additionalServiceOptions = ['Editing', 'Mixing', 'Mastering'] as const;

/** Length limits: generous for people, small enough that one submission stays a few kilobytes. */
export const proAudioLimits = { fullName: 100, email: 254, phone: 20, budget: 100, message: 3000 } as const;

const phonePattern = /^\+?[0-9][0-9 ()-]{5,18}[0-9]$/;

/**
 * The pro audio form's rules, shared by the form and the service. The spec asks only that name,
 * e-mail and phone be present; the formats and limits below are ours, lenient enough for any real
 * entry (a phone may carry a +91 prefix, spaces or hyphens).
 */
export const proAudioSchema = object({
  fullName: string()
    .trim()
    .required('Full name is required')
    .max(proAudioLimits.fullName, `Full name should not exceed ${proAudioLimits.fullName} characters`),
  email: string()
    .trim()
    .required('Email is required')
    .max(proAudioLimits.email, `Email should not exceed ${proAudioLimits.email} characters`)
    .matches(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Invalid email format'),
  phone: string().trim().required('Phone is required').matches(phonePattern, 'Enter a valid phone number'),
  availability: array()
    .of(string().oneOf(availabilityOptions, 'Choose from Weekdays, Weekends and Evenings').required())
    .max(availabilityOptions.length)
    .default([]),
  additionalServices: array()
    .of(string().oneOf(additionalServiceOptions, 'Choose from Editing, Mixing and Mastering').required())
    .max(additionalServiceOptions.length)
    .default([]),
  budget: string()
    .trim()
    .max(proAudioLimits.budget, `Budget should not exceed ${proAudioLimits.budget} characters`)
    .default(''),
  message: string()
    .trim()
    .max(proAudioLimits.message, `Message should not exceed ${proAudioLimits.message} characters`)
    .default(''),
}).noUnknown('Unknown field');

/** The JSON body the form sends to POST /pro-audio-form/save-form.php (the spec's keys). */
export type ProAudioPayload = InferType<typeof proAudioSchema>;

/** The form's values: the payload's shape with every field editable. */
export interface ProAudioValues {
  fullName: string;
  email: string;
  phone: string;
  availability: string[];
  additionalServices: string[];
  budget: string;
  message: string;
}

/** An empty form. */
export const proAudioInitialValues: ProAudioValues = {
  fullName: '',
  email: '',
  phone: '',
  availability: [],
  additionalServices: [],
  budget: '',
  message: '',
};

/** The payload keys, in the order the spec lists them. */
export const proAudioPayloadKeys = [
  'fullName',
  'email',
  'phone',
  'availability',
  'additionalServices',
  'budget',
  'message',
] as const;

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
/** The spec's failure message. */
export const proAudioErrorMessage = 'Error submitting form.';
